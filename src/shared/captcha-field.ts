/**
 * The form part that carries the solved proof-of-work challenge (docs/decisions/049): base64 of the ALTCHA
 * payload `{ algorithm, challenge, number, salt, signature }`. Sent before any file part. A module of its own,
 * so the forms' code takes the name without the schemas of the reply.
 */
export const CAPTCHA_FIELD = 'altcha';
