import { withCaptcha } from '#client/lib/captcha/captcha.ts';
import { uploadWithProgress } from '#client/lib/upload-with-progress.ts';
import { CAPTCHA_FIELD } from '#shared/captcha-field.ts';
import type { Stage2StoredUpload, Stage2Submitted } from '#shared/replies/stage2.ts';
import {
  IMAGES_FIELD,
  KEEP_IMAGES_FIELD,
  KEEP_SCREENSHOT_FIELD,
  SCREENSHOT_FIELD,
  type Stage2,
} from '#shared/schemas/stage2.ts';
import { type Stage2Link, stage2Path } from './get-stage2-form.ts';

/** What the form hands over once every check passed: the schema's output, the new files and what is kept. */
export type Stage2Submission = Stage2 & {
  revenueScreenshotFile: File | null;
  keptRevenueScreenshot: Stage2StoredUpload | null;
  imageFiles: File[];
  keptImages: Stage2StoredUpload[];
};

/**
 * The proof of work first (the server checks it before it writes any file), then product §7 fields, only the
 * answers that apply (the schema already cleared the branches not taken), then the earlier files to keep
 * (docs/decisions/009-stage2.md), then the new files last, so the server has read every answer before the
 * large parts arrive.
 */
export function buildStage2FormData(values: Stage2Submission, captcha = ''): FormData {
  const form = new FormData();
  const add = (name: string, value: string | number | null) => {
    if (value !== null && value !== '') form.append(name, String(value));
  };
  add(CAPTCHA_FIELD, captcha);
  add('country', values.country);
  add('age', values.age);
  add('englishLevel', values.englishLevel);
  add('compensationType', values.compensationType);
  add('monthlySalary', values.monthlySalary);
  add('revenueShare', values.revenueShare);
  add('isVerifiedOnlyFans', values.isVerifiedOnlyFans);
  add('onlyFansRevenue', values.onlyFansRevenue);
  add('hasExistingContent', values.hasExistingContent ? 'yes' : 'no');
  for (const type of values.contentType) add('contentType', type);
  add('agencyPitch', values.agencyPitch);
  for (const image of values.keptImages) add(KEEP_IMAGES_FIELD, image.key);

  const isVerified = values.isVerifiedOnlyFans === 'yes';
  if (isVerified && values.revenueScreenshotFile) {
    form.append(SCREENSHOT_FIELD, values.revenueScreenshotFile, values.revenueScreenshotFile.name);
  } else if (isVerified && values.keptRevenueScreenshot) {
    add(KEEP_SCREENSHOT_FIELD, values.keptRevenueScreenshot.key);
  }
  for (const image of values.imageFiles) form.append(IMAGES_FIELD, image, image.name);
  return form;
}

export function submitStage2(
  link: Stage2Link,
  values: Stage2Submission,
  onProgress?: (fraction: number) => void,
): Promise<Stage2Submitted> {
  // Solved in the background while the form was filled (lib/captcha); awaited here only if it is not yet.
  return withCaptcha((captcha) =>
    uploadWithProgress(stage2Path(link), buildStage2FormData(values, captcha), onProgress),
  );
}
