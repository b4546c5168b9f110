import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import type { LanguageCode } from '#shared/languages.ts';
import type { MessagePurpose } from '#shared/message-templates.ts';
import type { MessageTemplate } from '#shared/replies/message-templates.ts';
import type { TemplateSaveInput } from '#shared/schemas/message-templates.ts';
import { templateKeys } from './query-keys.ts';

export interface TemplateAddress {
  purpose: MessagePurpose;
  language: LanguageCode;
}

export const templatePath = ({ purpose, language }: TemplateAddress) =>
  `/api/admin/message-templates/${encodeURIComponent(purpose)}/${encodeURIComponent(language)}`;

/**
 * A change of one template touches that list alone: nothing else on the admin screens shows a template until a
 * message is rendered from it, and every rendering reads this key.
 */
function templateChange<TInput extends TemplateAddress>(send: (input: TInput) => Promise<MessageTemplate>) {
  return mutationOptions({
    mutationFn: send,
    onSuccess: (_template: MessageTemplate, _input: TInput, _onMutate: unknown, { client }) =>
      client.invalidateQueries({ queryKey: templateKeys.list() }),
  });
}

export type TemplateWording = Extract<TemplateSaveInput, { subject: string }>;

/** PUT …/message-templates/{purpose}/{language} (owners): the owners' wording in one language. */
export const saveTemplateMutation = templateChange(
  ({ wording, ...address }: TemplateAddress & { wording: TemplateWording }) =>
    apiSend<MessageTemplate>('PUT', templatePath(address), wording),
);
export const useSaveTemplate = () => useMutation(saveTemplateMutation);

/** PUT … `{ useEnglish: true }` (owners): the translation goes, and English is sent in its place (never for English). */
export const removeTranslationMutation = templateChange((address: TemplateAddress) =>
  apiSend<MessageTemplate>('PUT', templatePath(address), { useEnglish: true }),
);
export const useRemoveTranslation = () => useMutation(removeTranslationMutation);

/** DELETE …/message-templates/{purpose}/{language} (owners): back to the text shipped with the product. */
export const resetTemplateMutation = templateChange((address: TemplateAddress) =>
  apiSend<MessageTemplate>('DELETE', templatePath(address)),
);
export const useResetTemplate = () => useMutation(resetTemplateMutation);
