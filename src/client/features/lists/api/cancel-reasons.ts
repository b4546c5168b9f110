import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import { invalidateKeys, queryRoots } from '#client/lib/query-keys.ts';
import type { CancelReason } from '#shared/replies/cancel-reasons.ts';

const path = (id: string) => `/api/admin/cancel-reasons/${encodeURIComponent(id)}`;

/** POST, PATCH or DELETE …/cancel-reasons: every change reloads the list, here and in every cancel dialog. */
export const changeCancelReasonMutation = mutationOptions({
  mutationFn: (
    change:
      | { kind: 'add'; label: string }
      | { kind: 'rename'; id: string; label: string }
      | { kind: 'remove'; id: string },
  ) => {
    switch (change.kind) {
      case 'add':
        return apiSend<CancelReason>('POST', '/api/admin/cancel-reasons', { label: change.label });
      case 'rename':
        return apiSend<CancelReason>('PATCH', path(change.id), { label: change.label });
      case 'remove':
        return apiSend<null>('DELETE', path(change.id));
    }
  },
  onSuccess: (_result, _change, _onMutate, { client }) => invalidateKeys(client, [queryRoots.cancelReasons]),
});

export const useChangeCancelReason = () => useMutation(changeCancelReasonMutation);
