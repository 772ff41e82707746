import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('has defaults for everything: port 8080, ./data, admin', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATA_DIR).toBe(path.resolve('./data'));
    expect(c.mediaDir).toBe(path.resolve('./data/media'));
    expect(c.ADMIN_USERNAME).toBe('admin');
    expect(c.ADMIN_PASSWORD).toBeUndefined();
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SESSION_IDLE_MINUTES).toBe(60);
    expect(c.SESSION_MAX_HOURS).toBe(12);
    // Throttles are on unless turned off.
    expect(c.SIGNIN_PER_IP_PER_MINUTE).toBe(30);
    expect(c.ASKS_PER_DEVICE_PER_MINUTE).toBe(600);
    // Unset: derived from the database at start-up (bus/namespace.ts).
    expect(c.REDIS_PREFIX).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_USERNAME: 'has space' }, 'ADMIN_USERNAME'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ ASKS_PER_DEVICE_PER_MINUTE: '-1' }, 'ASKS_PER_DEVICE_PER_MINUTE'],
    [{ REDIS_PREFIX: 'a b:c' }, 'REDIS_PREFIX'],
  ])('stops on a bad value and names the variable: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', ADMIN_PASSWORD: '' }).DATABASE_URL).toBeUndefined();
  });

  it('keeps media on the local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: '' }).s3).toBeNull();
  });

  it('reads the S3_* variables: a prefix is a folder, path-style by default for another endpoint', () => {
    expect(loadConfig({ S3_BUCKET: 'media-bucket' }).s3).toEqual({
      bucket: 'media-bucket',
      prefix: '',
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'eu-west-1',
        S3_PREFIX: 'ambassador',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      bucket: 'media',
      prefix: 'ambassador/',
      region: 'eu-west-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    expect(
      loadConfig({ S3_BUCKET: 'm3d', S3_ENDPOINT: 'http://x:9000', S3_FORCE_PATH_STYLE: 'false' }).s3,
    ).toMatchObject({ forcePathStyle: false });
  });

  it.each([
    [{ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'only-the-id' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    [{ S3_BUCKET: 'media', S3_PREFIX: 'a b' }, 'S3_PREFIX'],
  ])('refuses %o, naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
});
