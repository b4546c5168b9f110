import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { fieldError } from '#client/lib/messages.ts';
import { zodResolver } from '#client/lib/zod-resolver.ts';
import { messageOf } from '#shared/messages/message.ts';
import { type Stage2Input, stage2Schema } from '#shared/schemas/stage2.ts';
import type { Stage2Submission } from '../api/submit-stage2.ts';
import type { Stage2FormValues } from './form-values.ts';
import { imageProblem, imagesProblem } from './uploads.ts';

const schemaResolver = zodResolver(stage2Schema);

/**
 * The shared schema (architecture §9.2: the object the server parses) with the browser-only file rules layered on,
 * so one submit reports every problem at once. The screenshot is only checked on the branch that shows it.
 */
export const stage2Resolver: Resolver<Stage2FormValues, unknown, Stage2Submission> = async (
  values,
  context,
  options,
) => {
  const { revenueScreenshotFile, keptRevenueScreenshot, imageFiles, keptImages, ...answers } = values;
  const result = await schemaResolver(
    answers satisfies Stage2Input,
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  );
  const errors = { ...result.errors } as FieldErrors<Stage2FormValues>;
  const screenshotMessage =
    values.isVerifiedOnlyFans === 'yes' && revenueScreenshotFile ? imageProblem(revenueScreenshotFile) : null;
  if (screenshotMessage) errors.revenueScreenshotFile = fieldError(messageOf(screenshotMessage), 'file') as FieldError;
  const imagesMessage = imagesProblem(imageFiles, keptImages.length);
  if (imagesMessage) errors.imageFiles = fieldError(messageOf(imagesMessage), 'file') as FieldError;
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return {
    values: {
      ...(result.values as Stage2Submission),
      revenueScreenshotFile,
      keptRevenueScreenshot,
      imageFiles,
      keptImages,
    },
    errors: {},
  };
};
