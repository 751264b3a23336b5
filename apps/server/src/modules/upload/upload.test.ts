import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { createMember, createOperator, multipart, pngBytes, tempDataDir, upload } from '../../test/wallet.ts';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = tempDataDir();
  t = await createTestApp({ dataDir });
});
afterAll(() => t.close());

/** A JPEG carrying an EXIF block with GPS coordinates, as phone cameras write them. */
function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
    .withExif({
      IFD0: { Make: 'SoarCam', Model: 'GPS-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
    })
    .jpeg()
    .toBuffer();
}

describe('uploads', () => {
  it('accepts a PNG named .jpg as PNG, stores it under a random name and serves it to its owner', async () => {
    const member = await createMember(t.app);
    const response = await upload(t.app, member.headers, 'holiday.jpg', await pngBytes());
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json().data;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(readdirSync(path.join(dataDir, 'uploads'))).toContain(id);
    const file = await api(t.app).get(`upload/${id}`, { headers: member.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(file.rawPayload).metadata()).format).toBe('png');
  });

  it('serves a file to operators and 404 to another member (IDOR) or 401 without login', async () => {
    const owner = await createMember(t.app);
    const other = await createMember(t.app);
    const operator = await createOperator(t.app);
    const { id } = (await upload(t.app, owner.headers)).json().data;
    expect((await api(t.app).get(`upload/${id}`, { headers: operator.headers })).statusCode).toBe(200);
    expect((await api(t.app).get(`upload/${id}`, { headers: other.headers })).statusCode).toBe(404);
    expect((await api(t.app).get(`upload/${id}`)).statusCode).toBe(401);
  });

  it('strips EXIF with GPS from a JPEG', async () => {
    const member = await createMember(t.app);
    const original = await jpegWithGps();
    expect(original.includes(Buffer.from('Exif'))).toBe(true);
    const { id } = (await upload(t.app, member.headers, 'photo.jpg', original)).json().data;
    const stored = readFileSync(path.join(dataDir, 'uploads', id));
    expect(stored.includes(Buffer.from('Exif'))).toBe(false);
    expect(stored.includes(Buffer.from('SoarCam'))).toBe(false);
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
  });

  it('refuses a text file named .png with 415, in two languages', async () => {
    const member = await createMember(t.app);
    const text = Buffer.from('just some text, not an image at all');
    const english = await upload(t.app, member.headers, 'fake.png', text);
    expect(english.statusCode).toBe(415);
    expect(english.json()).toEqual({ code: 'UPLOAD_TYPE', message: 'Only JPEG, PNG or WebP images are accepted' });
    const body = multipart('fake.png', 'image/png', text);
    const german = await t.app.inject({
      method: 'POST',
      url: '/api/v1/upload',
      headers: { ...member.headers, ...body.headers, 'x-soar-lang': 'de' },
      payload: body.payload,
    });
    expect(german.json().message).toBe('Nur JPEG-, PNG- oder WebP-Bilder werden akzeptiert');
  });

  it('refuses a file with a PNG signature but a broken structure with 422', async () => {
    const member = await createMember(t.app);
    const png = await pngBytes();
    const broken = Buffer.concat([png.subarray(0, 16), Buffer.alloc(40, 7)]);
    const response = await upload(t.app, member.headers, 'broken.png', broken);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('UPLOAD_UNREADABLE');
  });

  it('accepts a photo of several megabytes under the 5 MB limit', async () => {
    const member = await createMember(t.app);
    const noise = Buffer.alloc(1100 * 900 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919) % 251;
    const photo = await sharp(noise, { raw: { width: 1100, height: 900, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(photo.length).toBeLessThan(5 * 1024 * 1024);
    const response = await upload(t.app, member.headers, 'photo.png', photo);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const member = await createMember(t.app);
    const big = Buffer.concat([await pngBytes(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const response = await upload(t.app, member.headers, 'big.png', big);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The file is larger than 5 MB');
  });

  it('refuses a request without a file and needs a login', async () => {
    const member = await createMember(t.app);
    const empty = await api(t.app).post('upload', {}, { headers: member.headers });
    expect(empty.statusCode).toBe(400);
    expect((await upload(t.app, {})).statusCode).toBe(401);
  });

  it('answers a malformed multipart body with a 4xx (issue 9, B5)', async () => {
    const member = await createMember(t.app);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/v1/upload',
      headers: { ...member.headers, 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    });
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/v1/upload',
      headers: { ...member.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
    });
    expect(cut.statusCode, cut.body).toBe(400);
  });

  it('refuses a body announced larger than the limit before reading it, and closes the connection', async () => {
    const member = await createMember(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/upload',
      headers: { ...member.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: Buffer.alloc(12 * 1024 * 1024, 0x61),
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.headers.connection).toBe('close');
  });
});
