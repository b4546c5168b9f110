import { cn } from '#client/lib/cn.ts';
import { useStatusName } from '#client/lib/use-status-name.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';

/** Product §4 pill colours, in status order: yellow, blue, green, purple, indigo, teal, red. */
const STATUS_TONES = {
  pending: 'bg-yellow-100 text-yellow-800 ring-yellow-600/20',
  stage2_sent: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  stage2_submitted: 'bg-green-100 text-green-800 ring-green-600/20',
  listed: 'bg-purple-100 text-purple-800 ring-purple-600/20',
  matched: 'bg-indigo-100 text-indigo-800 ring-indigo-600/20',
  finalized: 'bg-teal-100 text-teal-800 ring-teal-600/20',
  cancelled: 'bg-red-100 text-red-800 ring-red-600/20',
} as const satisfies Record<CreatorStatus, string>;

/** A creator's status as a coloured pill: in English underscores shown as spaces (product §2), else its translated name. */
export function StatusPill({ status, className }: { status: CreatorStatus; className?: string }) {
  const statusName = useStatusName();
  return (
    <span
      data-slot="status-pill"
      data-status={status}
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        STATUS_TONES[status],
        className,
      )}
    >
      {statusName(status)}
    </span>
  );
}
