import { CREATOR_STATUSES, type CreatorStatus } from './creator-status.ts';

/** Saved views (decision 063): a named list's address, personal or shared with the team. */

/** What a view opens: a status list, or the board with every status. */
export const SAVED_VIEW_LISTS = [...CREATOR_STATUSES, 'board'] as const;
export type SavedViewList = CreatorStatus | 'board';

export const SAVED_VIEW_NAME_MAX_LENGTH = 60;
/** How many views one admin may keep; the sidebar lists them all. */
export const SAVED_VIEWS_MAX = 30;

/** The address a view opens, as the screens read it. */
export function savedViewPath(list: SavedViewList, query: Record<string, string>): string {
  const base = list === 'board' ? '/admin/board' : `/admin/creators/${list}`;
  const search = new URLSearchParams(query).toString();
  return search ? `${base}?${search}` : base;
}
