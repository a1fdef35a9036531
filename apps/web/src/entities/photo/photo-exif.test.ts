import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exifDay, readPhotoExif } from './photo-exif';

const dir = path.resolve(import.meta.dirname, '../../../../../fixtures/photos');
const read = (name: string) => readPhotoExif(new Uint8Array(readFileSync(path.join(dir, name))), '2030-01-01');

describe('readPhotoExif on the real test photos', () => {
  it('reads the Berkeley point (western hemisphere) and the day', async () => {
    expect(await read('squirrel_berkeley_canon600d_gps.jpg')).toEqual({
      point: { lat: 37.871093, lng: -122.25678, uncertainty: 30 },
      date: '2015-06-11',
    });
  });

  // Uncertainty: the iPhone's GPSHPositioningError (6.0009 m) rounded up, else the documented 30 m default.
  it('reads a point just south of the equator, HEIC and a PNG eXIf chunk', async () => {
    expect((await read('agama_lizard_kenya_kodak_gps_south.jpg')).point).toEqual({
      lat: -0.3713,
      lng: 36.056417,
      uncertainty: 30,
    });
    expect(await read('sicily_iphone7_gps.heic')).toEqual({
      point: { lat: 38.046642, lng: 12.994411, uncertainty: 7 },
      date: '2019-10-20',
    });
    expect((await read('png_with_exif_and_gps.png')).point).toEqual({
      lat: 50.299603,
      lng: 14.820294,
      uncertainty: 30,
    });
  });

  it('reads an iPhone HEIC handed over as a File, as the Flash and Mission photo pickers do', async () => {
    // fixtures/photos/sicily_iphone7_gps.heic, the repository's own copy (fixtures/README.md).
    const bytes = readFileSync(
      path.resolve(import.meta.dirname, '../../../../../fixtures/photos/sicily_iphone7_gps.heic'),
    );
    const file = new File([bytes], 'IMG_0001.HEIC', { type: 'image/heic' });
    expect(await readPhotoExif(file, '2030-01-01')).toEqual({
      point: { lat: 38.046642, lng: 12.994411, uncertainty: 7 },
      date: '2019-10-20',
    });
  });

  it('keeps the camera day when DateTimeOriginal carries sub-seconds and an offset', async () => {
    expect((await read('thermal_drone_newjersey_dji_gps_tz.jpg')).date).toBe('2019-04-30');
  });

  it('gives nothing for unreadable, broken or empty GPS data, and never throws', async () => {
    expect(await read('flower_canon_s40_exif.webp')).toEqual({});
    expect(await read('broken_truncated.jpg')).toEqual({ point: undefined, date: undefined });
    expect((await read('broken_corrupt_header.png')).point).toBeUndefined();
    expect((await read('tricky_bad_gps_ifd_canon30d.jpg')).point).toBeUndefined();
    expect((await read('tricky_empty_gps_ifd.jpg')).point).toBeUndefined();
    expect((await read('tricky_gps_no_datetime_samsung.jpg')).date).toBeUndefined();
  });

  it('rejects nonsense GPS values and a DateTimeOriginal in the future', async () => {
    expect(await read('tricky_nonsense_gps_values.jpg')).toEqual({ point: undefined, date: undefined });
  });
});

describe('exifDay', () => {
  it('accepts real past days only', () => {
    expect(exifDay('2015:06:11 10:29:26', '2024-01-01')).toBe('2015-06-11');
    expect(exifDay('2099:09:29 10:10:10', '2024-01-01')).toBeUndefined();
    expect(exifDay('1999:99:99 99:99:99', '2024-01-01')).toBeUndefined();
    expect(exifDay('0000:00:00 00:00:00', '2024-01-01')).toBeUndefined();
    expect(exifDay(undefined, '2024-01-01')).toBeUndefined();
  });
});
