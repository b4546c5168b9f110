import { CAPTCHA_FIELD, type CaptchaChallenge } from '#shared/replies/captcha.ts';
import { solveProofOfWork } from '#tests/setup/captcha-solver.ts';

export { CAPTCHA_FIELD };

/**
 * What a browser sends with a public form (docs/decisions/049): a challenge from the server, solved as the
 * page's worker solves it, as the form part's value. A solution is accepted once: one per post.
 */
export async function solvedCaptcha(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/captcha/challenge`);
  if (!response.ok) throw new Error(`no challenge: ${response.status} ${await response.text()}`);
  const issued = (await response.json()) as CaptchaChallenge;
  const { algorithm, challenge, salt, signature } = issued;
  const payload = { algorithm, challenge, number: solveProofOfWork(issued), salt, signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
