import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '#shared/replies/tags.ts';
import type { TagColor } from '#shared/tags.ts';
import { apiGet } from './api-client.ts';
import { queryRoots } from './query-keys.ts';

/** The tags (decision 063), read by the creators' screens and kept by the owners' lists screen. */
export const tagsQueryOptions = queryOptions({
  queryKey: queryRoots.tags,
  queryFn: ({ signal }) => apiGet<{ tags: Tag[] }>('/api/admin/tags', { signal }),
  staleTime: 60_000,
});

export const useTags = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...tagsQueryOptions, enabled });

/** Each palette colour as a pill's tint: light background, dark text, a ring, all legible in both themes' cards. */
export const TAG_TINTS = {
  slate: 'bg-slate-100 text-slate-800 ring-slate-600/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  orange: 'bg-orange-100 text-orange-800 ring-orange-600/20',
  amber: 'bg-amber-100 text-amber-800 ring-amber-600/20',
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  teal: 'bg-teal-100 text-teal-800 ring-teal-600/20',
  sky: 'bg-sky-100 text-sky-800 ring-sky-600/20',
  indigo: 'bg-indigo-100 text-indigo-800 ring-indigo-600/20',
  violet: 'bg-violet-100 text-violet-800 ring-violet-600/20',
  pink: 'bg-pink-100 text-pink-800 ring-pink-600/20',
} as const satisfies Record<TagColor, string>;
