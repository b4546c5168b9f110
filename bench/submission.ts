import { insertRecruiter } from '#tests/factories.ts';
import { filePart, multipartBody } from '#tests/setup/multipart.ts';
import { buildTestApp } from '#tests/setup/test-app.ts';
import { processImage } from '../src/server/lib/images.ts';
import { median, noisyJpeg, round } from './support.ts';

const WIDTH = 2560;
const HEIGHT = 1920;
const RUNS = 5;

/**
 * One application with a ~4 MB photo through `app.inject()` (multipart parsing, re-encoding, file store,
 * one transaction on PGlite), against the re-encode alone, so the share of the image work is visible.
 */
export async function measureSubmission() {
  const t = await buildTestApp({ config: { submissionsPerIpPerHour: 1_000 } });
  try {
    await insertRecruiter(t.database.db, { name: 'Bench Recruiter' });
    const photo = await noisyJpeg(WIDTH, HEIGHT);
    const body = await multipartBody({
      name: 'Bench Applicant',
      language: 'English',
      gender: 'Female',
      contactMethod: 'Email',
      contactInfo: 'bench@example.com',
      agencyGoals: 'Measure the upload path',
      recruiter: 'Bench Recruiter',
      consent: 'yes',
      confirmationPhoto: filePart(photo),
    });
    const submit = () =>
      t.app.inject({ method: 'POST', url: '/api/submissions', payload: body.payload, headers: body.headers });

    const warmup = await submit();
    if (warmup.statusCode !== 201) throw new Error(`submission failed: ${warmup.statusCode} ${warmup.body}`);
    const submissionMs: number[] = [];
    const reencodeMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let started = performance.now();
      const res = await submit();
      submissionMs.push(performance.now() - started);
      if (res.statusCode !== 201) throw new Error(`submission failed: ${res.statusCode}`);
      started = performance.now();
      await processImage(photo, { allowed: ['jpeg', 'png'] });
      reencodeMs.push(performance.now() - started);
    }
    return {
      photoBytes: photo.length,
      pixels: `${WIDTH}x${HEIGHT}`,
      runs: RUNS,
      submissionMedianMs: round(median(submissionMs)),
      submissionMinMs: round(Math.min(...submissionMs)),
      submissionMaxMs: round(Math.max(...submissionMs)),
      reencodeMedianMs: round(median(reencodeMs)),
      database: t.database.driver,
    };
  } finally {
    await t.close();
  }
}
