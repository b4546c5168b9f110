/** Tags (decision 063): labels owners define and any admin puts on creators. */

/** The palette a tag's colour comes from: names the screens map to their own tints, never raw colour values. */
export const TAG_COLORS = [
  'slate',
  'red',
  'orange',
  'amber',
  'green',
  'teal',
  'sky',
  'indigo',
  'violet',
  'pink',
] as const;
export type TagColor = (typeof TAG_COLORS)[number];

export const TAG_NAME_MAX_LENGTH = 30;
/** More would not fit a picker anyone reads. */
export const TAGS_MAX = 100;
/** The activity log's `action` of tags put on or taken off a creator. */
export const TAGS_CHANGED_ACTIVITY = 'Tags changed';
