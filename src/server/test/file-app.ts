// One app per test file, made before its tests and closed after them, for the two set-ups many files share: an app that
// sends its mail to a local catcher, and an app that serves a built client from a temporary folder.
import { afterAll, beforeAll } from 'vitest';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { withTempAssets } from './temp-assets';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

export type TempAssets = ReturnType<typeof withTempAssets>;

/** An app with SMTP_URL pointing at a mail catcher; `use` receives both once they are up (and may set up more). */
export function useAppWithMail(use: (app: TestApp, mail: MailCatcher) => void | Promise<void>, options: TestAppOptions = {}) {
  let app: TestApp | undefined;
  let mail: MailCatcher | undefined;
  beforeAll(async () => {
    mail = await startMailCatcher();
    app = await createTestApp({ ...options, env: { ...options.env, SMTP_URL: mail.url } });
    await use(app, mail);
  });
  afterAll(async () => {
    await app?.close();
    await mail?.close();
  });
}

/** An app serving a built client (index.html and one hashed script) from a temporary folder, removed afterwards. */
export function useAppWithAssets(use: (app: TestApp, temp: TempAssets) => void | Promise<void>) {
  let app: TestApp | undefined;
  let temp: TempAssets | undefined;
  beforeAll(async () => {
    temp = withTempAssets();
    app = await createTestApp({ assets: temp.assets });
    await use(app, temp);
  });
  afterAll(async () => {
    await app?.close();
    temp?.remove();
  });
}
