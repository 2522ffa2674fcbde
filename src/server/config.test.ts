import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, databaseName, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs on defaults when nothing is set (R1, R2)', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      appOrigin: 'http://localhost:3000',
      secure: false,
      dataDir: resolve('./data'),
      databaseUrl: null,
      smtpUrl: null,
      mailFrom: 'Golf Tournament <no-reply@localhost>',
      currency: 'USD',
      authSecret: null,
      logLevel: 'info',
    });
    expect(config.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('treats blank values as unset, as an empty line in .env does', () => {
    expect(loadConfig({ PORT: '', APP_URL: '  ', DATABASE_URL: '', SMTP_URL: '', CURRENCY: '' })).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      databaseUrl: null,
      smtpUrl: null,
      currency: 'USD',
    });
  });

  it('derives the default APP_URL from PORT', () => {
    expect(loadConfig({ PORT: '8080' })).toMatchObject({ port: 8080, appUrl: 'http://localhost:8080' });
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '4000',
      APP_URL: 'https://golf.example.org/',
      DATA_DIR: '/tmp/golf-data',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/golf',
      SMTP_URL: 'smtp://user:pass@mail.example.org:587',
      MAIL_FROM: 'Tournament <desk@example.org>',
      TIME_ZONE: 'America/New_York',
      CURRENCY: 'eur',
      AUTH_SECRET: 'x'.repeat(32),
      LOG_LEVEL: 'warn',
    });
    // toMatchObject: settings added later need not be listed here.
    expect(config).toMatchObject({
      port: 4000,
      appUrl: 'https://golf.example.org',
      appOrigin: 'https://golf.example.org',
      secure: true,
      dataDir: '/tmp/golf-data',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/golf',
      smtpUrl: 'smtp://user:pass@mail.example.org:587',
      mailFrom: 'Tournament <desk@example.org>',
      timeZone: 'America/New_York',
      currency: 'EUR',
      authSecret: 'x'.repeat(32),
      logLevel: 'warn',
    });
  });

  it('turns on secure cookies for an https APP_URL only', () => {
    expect(loadConfig({ APP_URL: 'https://golf.example.org' }).secure).toBe(true);
    expect(loadConfig({ APP_URL: 'http://golf.example.org' }).secure).toBe(false);
  });

  it('keeps a path in APP_URL for links, and the origin for the origin check', () => {
    const config = loadConfig({ APP_URL: 'https://example.org/golf/' });
    expect(config.appUrl).toBe('https://example.org/golf');
    expect(config.appOrigin).toBe('https://example.org');
  });

  it('accepts postgresql:// and smtps:// URLs', () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://db/golf', SMTP_URL: 'smtps://mail.example.org' });
    expect(config.databaseUrl).toBe('postgresql://db/golf');
    expect(config.smtpUrl).toBe('smtps://mail.example.org');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '0'],
    ['PORT', '70000'],
    ['PORT', '30.5'],
    ['APP_URL', 'notaurl'],
    ['APP_URL', 'ftp://example.org'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'foo'],
    ['MAIL_FROM', 'nobody'],
    ['TIME_ZONE', 'Mars/Base'],
    ['CURRENCY', 'XYZ'],
    ['CURRENCY', 'dollars'],
    ['AUTH_SECRET', 'short'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses %s=%s with one line naming the setting', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
  });

  it('reads the money settings: card payments only with both Stripe secrets, HOLD_HOURS and ORG_NAME (R23, R24, R26)', () => {
    expect(loadConfig({})).toMatchObject({ stripe: null, holdHours: 72, orgName: 'The tournament team' });
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      HOLD_HOURS: '48',
      ORG_NAME: 'Lakeside Rotary',
    });
    expect(config.stripe?.secretKey).toBe('sk_test_1');
    expect(config.stripe?.webhookSecret).toBe('whsec_1');
    expect(config.stripe?.apiUrl?.href).toBe('http://127.0.0.1:12111/');
    expect(config).toMatchObject({ holdHours: 48, orgName: 'Lakeside Rotary' });
  });

  it('reads STREAMS_PER_ADDRESS (unset: derived from the descriptor limit) and stops on a value that is not a whole number from 1 to 1000000', () => {
    expect(loadConfig({}).streamsPerAddress).toBeNull();
    expect(loadConfig({ STREAMS_PER_ADDRESS: '15000' }).streamsPerAddress).toBe(15000);
    for (const bad of ['0', '-5', '2.5', 'lots', '1000001'])
      expect(() => loadConfig({ STREAMS_PER_ADDRESS: bad })).toThrow(
        `Invalid setting STREAMS_PER_ADDRESS: "${bad}" is not a whole number of live-board streams from 1 to 1000000`,
      );
  });

  it('reads METRICS_TOKEN (unset: no metrics) and stops on one shorter than 16 characters or with spaces', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: ' 0123456789abcdef0123 ' }).metricsToken).toBe('0123456789abcdef0123');
    for (const bad of ['short', '0123456789abcde', '0123456789 abcdef'])
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(
        'Invalid setting METRICS_TOKEN: must be at least 16 characters without spaces (e.g. the output of: openssl rand -hex 32)',
      );
  });

  it('reads TRUST_PROXY (unset: no proxy trusted) as addresses and CIDR ranges of either family, and stops on one that is neither', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['proxy.example.org', '10.0.0.0/33', '300.1.2.3', '::1/129'])
      expect(() => loadConfig({ TRUST_PROXY: `127.0.0.1,${bad}` })).toThrow(
        `Invalid setting TRUST_PROXY: "${bad}" is not an IP address or CIDR range (expected e.g. 127.0.0.1,10.0.0.0/8,::1)`,
      );
  });

  it('reads the image upload limits (60 an hour, 200 MB per account by default) and stops on a bad one', () => {
    expect(loadConfig({})).toMatchObject({ imageUploadsPerHour: 60, imageStorageBytes: 200 * 1024 * 1024 });
    expect(loadConfig({ IMAGES_PER_HOUR: '5', IMAGE_STORAGE_MB: '1' })).toMatchObject({
      imageUploadsPerHour: 5,
      imageStorageBytes: 1024 * 1024,
    });
    for (const bad of ['0', '-1', '1.5', 'many'])
      expect(() => loadConfig({ IMAGES_PER_HOUR: bad })).toThrow(
        `Invalid setting IMAGES_PER_HOUR: "${bad}" is not a whole number of uploads per account per hour from 1 to 100000`,
      );
    for (const bad of ['0', '2.5', 'big'])
      expect(() => loadConfig({ IMAGE_STORAGE_MB: bad })).toThrow(
        `Invalid setting IMAGE_STORAGE_MB: "${bad}" is not a whole number of megabytes of images per account from 1 to 1000000`,
      );
  });

  it('reads UNPAID_TEAMS_LIMIT (4) and UNPAID_PLACES_LIMIT (6) and stops on a value that is not a whole number from 1 to 10000', () => {
    expect(loadConfig({}).unpaidPerAccount).toEqual({ teams: 4, places: 6 });
    expect(loadConfig({ UNPAID_TEAMS_LIMIT: '10', UNPAID_PLACES_LIMIT: ' 18 ' }).unpaidPerAccount).toEqual({
      teams: 10,
      places: 18,
    });
    for (const bad of ['0', '-1', '2.5', 'many', '10001']) {
      expect(() => loadConfig({ UNPAID_TEAMS_LIMIT: bad })).toThrow(
        `Invalid setting UNPAID_TEAMS_LIMIT: "${bad}" is not a whole number of teams from 1 to 10000`,
      );
      expect(() => loadConfig({ UNPAID_PLACES_LIMIT: bad })).toThrow(
        `Invalid setting UNPAID_PLACES_LIMIT: "${bad}" is not a whole number of places from 1 to 10000`,
      );
    }
  });

  it('reads the daily e-mail limits to other people (100 per account, 5 per address by default), whole numbers from 1', () => {
    expect(loadConfig({}).mailToOthers).toEqual({ perSender: 100, perRecipient: 5 });
    expect(loadConfig({ USER_MAIL_PER_DAY: '400', USER_MAIL_PER_ADDRESS: '12' }).mailToOthers).toEqual({
      perSender: 400,
      perRecipient: 12,
    });
    for (const bad of ['0', '-5', '2.5', 'lots'])
      expect(() => loadConfig({ USER_MAIL_PER_ADDRESS: bad })).toThrow(
        `Invalid setting USER_MAIL_PER_ADDRESS: "${bad}" is not a whole number of e-mails a day from 1 to 1000`,
      );
    expect(() => loadConfig({ USER_MAIL_PER_DAY: '100001' })).toThrow('Invalid setting USER_MAIL_PER_DAY');
  });

  it('stops on a bad money setting with one line naming it', () => {
    const bad: [Record<string, string>, string][] = [
      [
        { STRIPE_SECRET_KEY: 'sk_test_1' },
        'Invalid setting STRIPE_WEBHOOK_SECRET: is needed with STRIPE_SECRET_KEY (the webhook is what marks money received)',
      ],
      [{ STRIPE_WEBHOOK_SECRET: 'whsec_1' }, 'Invalid setting STRIPE_SECRET_KEY: is needed with STRIPE_WEBHOOK_SECRET'],
      [
        { STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' },
        'Invalid setting STRIPE_SECRET_KEY: must start with sk_ or rk_',
      ],
      [
        { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'secret' },
        'Invalid setting STRIPE_WEBHOOK_SECRET: must start with whsec_',
      ],
      [{ STRIPE_API_URL: 'not a url' }, 'Invalid setting STRIPE_API_URL: "not a url" is not a URL (expected e.g. http://127.0.0.1:12111)'],
      [
        { HOLD_HOURS: '24' },
        'Invalid setting HOLD_HOURS: "24" is not a whole number of hours from 25 to 1440 (the reminder goes 24 hours before)',
      ],
      [
        { HOLD_HOURS: '72.5' },
        'Invalid setting HOLD_HOURS: "72.5" is not a whole number of hours from 25 to 1440 (the reminder goes 24 hours before)',
      ],
    ];
    for (const [env, message] of bad) expect(() => loadConfig(env), message).toThrow(new ConfigError(message));
  });

  it('reads the scheduled backup settings (R46): off without BACKUP_DIR, every 24 hours keeping 7 by default', () => {
    expect(loadConfig({}).backups).toBeNull();
    expect(loadConfig({ BACKUP_DIR: 'copies' }).backups).toEqual({ dir: resolve('copies'), everyHours: 24, keep: 7 });
    expect(loadConfig({ BACKUP_DIR: '/var/backups/golf', BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '30' }).backups).toEqual({
      dir: '/var/backups/golf',
      everyHours: 6,
      keep: 30,
    });
  });

  it('stops on a bad backup setting with one line naming it', () => {
    const bad: [Record<string, string>, string][] = [
      [{ BACKUP_EVERY_HOURS: '6' }, 'Invalid setting BACKUP_EVERY_HOURS: needs BACKUP_DIR, the folder the copies are written to'],
      [{ BACKUP_KEEP: '3' }, 'Invalid setting BACKUP_KEEP: needs BACKUP_DIR, the folder the copies are written to'],
      [
        { BACKUP_DIR: 'b', BACKUP_EVERY_HOURS: '0' },
        'Invalid setting BACKUP_EVERY_HOURS: "0" is not a whole number of hours from 1 to 8784',
      ],
      [
        { BACKUP_DIR: 'b', BACKUP_EVERY_HOURS: '1.5' },
        'Invalid setting BACKUP_EVERY_HOURS: "1.5" is not a whole number of hours from 1 to 8784',
      ],
      [{ BACKUP_DIR: 'b', BACKUP_KEEP: '0' }, 'Invalid setting BACKUP_KEEP: "0" is not a whole number from 1 to 1000'],
      [{ BACKUP_DIR: 'b', BACKUP_KEEP: 'all' }, 'Invalid setting BACKUP_KEEP: "all" is not a whole number from 1 to 1000'],
    ];
    for (const [env, message] of bad) expect(() => loadConfig(env), message).toThrow(new ConfigError(message));
  });
});

describe('databaseName', () => {
  it("names PostgreSQL's database and host, never the user or password, or the embedded database's folder", () => {
    const named = (url: string) => databaseName(loadConfig({ DATABASE_URL: url }));
    expect(named('postgres://golf_app:s3cret-pw@db.example.org:6543/golf')).toBe('the PostgreSQL database "golf" on db.example.org:6543');
    expect(named('postgresql://postgres@127.0.0.1/golf%20club')).toBe('the PostgreSQL database "golf club" on 127.0.0.1');
    expect(named('postgres:///golf?host=/var/run/postgresql')).toBe('the PostgreSQL database "golf" on /var/run/postgresql');
    expect(named('postgres://u:p@db.example.org')).toBe('the PostgreSQL database named after the user on db.example.org');
    expect(databaseName(loadConfig({ DATA_DIR: '/srv/golf/data' }))).toBe('the embedded database in /srv/golf/data');
  });
});
