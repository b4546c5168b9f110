import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '#client/lib/i18n.ts';
import { readListPage, seedCreatorIn } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { CreatorConsentLine } from './creator-consent-line.tsx';

/** docs/decisions/048: staff see when she agreed to the privacy notice, and to which version. */

const t = setUpTestApp();

beforeAll(loadAdminTexts);
afterAll(() => changeLanguage('en'));

describe('CreatorConsentLine', () => {
  it('shows when an applicant who applied through the form agreed, and the notice version, in the admin language', async () => {
    // The fixtures' complete creator applied through the submission service, agreeing on step 5.
    const creator = await seedCreatorIn(t, 'stage2_submitted');
    const version = t.app.privacyNotice.version;
    expect(creator.privacyNoticeVersion).toBe(version);
    // The status list (written by the database) answers the same as the details.
    const listed = (await readListPage(t, { status: 'stage2_submitted' })).items.find(
      (item) => item.creatorId === creator.creatorId,
    );
    expect(listed).toMatchObject({ consentAt: creator.consentAt, privacyNoticeVersion: version });

    await changeLanguage('en');
    const english = await renderAsAdmin(<CreatorConsentLine creator={creator} />, t);
    const line = screen.getByTestId('creator-consent');
    expect(line.textContent).toMatch(new RegExp(`^Consent: .*\\d{4}.*, notice version ${version}$`));
    english.unmount();

    await changeLanguage('de');
    await renderAsAdmin(<CreatorConsentLine creator={creator} />, t);
    expect(screen.getByTestId('creator-consent').textContent).toMatch(
      new RegExp(`^Einwilligung: .*\\d{4}.*, Fassung des Hinweises ${version}$`),
    );
  });

  it('says consent was not asked for a creator who has none recorded', async () => {
    await changeLanguage('es');
    const creator = await seedCreatorIn(t, 'pending');
    expect(creator).toMatchObject({ consentAt: null, privacyNoticeVersion: null });
    await renderAsAdmin(<CreatorConsentLine creator={creator} />, t);
    expect(screen.getByTestId('creator-consent').textContent).toBe('Consentimiento: no solicitado');
  });
});
