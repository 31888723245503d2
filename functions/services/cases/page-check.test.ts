import type { PageSnapshot } from './case-store';
import { judgePage, pageImages } from './page-check';

const at = '2026-06-01T00:00:00.000Z';
const snap = (over: Partial<PageSnapshot>): PageSnapshot => ({ url: 'https://x.example/p', status: 200, contentType: 'text/html', sha256: 'a', images: [], at, ...over });

describe('pageImages', () => {
  it('finds img, srcset, picture sources, video posters and og:image, made absolute, data: URLs skipped', () => {
    const html = `<html><head><meta property="og:image" content="/og.jpg"><link rel="image_src" href="https://cdn.example/l.jpg"></head>
      <body><IMG SRC="a.jpg"><img srcset="b-1x.jpg 1x, b-2x.jpg 2x"><picture><source srcset="c.webp"></picture>
      <video poster="/v.jpg"></video><img src="data:image/png;base64,AAAA"><img src="a.jpg"></body></html>`;
    expect(pageImages(html, 'https://x.example/dir/page')).toEqual([
      'https://x.example/og.jpg',
      'https://cdn.example/l.jpg',
      'https://x.example/dir/a.jpg',
      'https://x.example/dir/b-1x.jpg',
      'https://x.example/dir/b-2x.jpg',
      'https://x.example/dir/c.webp',
      'https://x.example/v.jpg',
    ]);
  });
});

describe('judgePage', () => {
  it('counts 404, 410 and 451 as gone', () => {
    for (const status of [404, 410, 451]) expect(judgePage(snap({ status }), snap({}))).toMatchObject({ gone: true, reason: `The page answers HTTP ${status}.` });
  });

  it('never takes an outage or an error for a removal', () => {
    expect(judgePage(snap({ status: 0, error: 'FetchTimeoutError' }), snap({}))).toMatchObject({ gone: false, reason: 'The page could not be checked (FetchTimeoutError).' });
    expect(judgePage(snap({ status: 503 }), snap({})).gone).toBe(false);
    expect(judgePage(snap({ status: 403 }), snap({})).gone).toBe(false);
  });

  it('keeps an unchanged page as still online', () => {
    expect(judgePage(snap({ sha256: 'same' }), snap({ sha256: 'same' }))).toMatchObject({ gone: false, reason: 'The page is unchanged since the notice was sent.' });
  });

  it('counts a page that no longer shows the watched image as gone, and one that still does as online', () => {
    const before = snap({ images: ['https://x.example/copy.jpg', 'https://x.example/logo.png'] });
    expect(judgePage(snap({ sha256: 'b', images: ['https://x.example/logo.png'] }), before, ['https://x.example/copy.jpg']).gone).toBe(true);
    expect(judgePage(snap({ sha256: 'b', images: ['https://x.example/copy.jpg'] }), before, ['https://x.example/copy.jpg'])).toMatchObject({
      gone: false,
      reason: 'The page still shows the copied image (https://x.example/copy.jpg).',
    });
    // Without a watched image, every image the page showed must be gone.
    expect(judgePage(snap({ sha256: 'b', images: ['https://x.example/logo.png'] }), before).gone).toBe(false);
    expect(judgePage(snap({ sha256: 'b', images: [] }), before).gone).toBe(true);
  });

  it('counts a media URL that now serves other bytes as gone', () => {
    const before = snap({ contentType: 'image/jpeg', sha256: 'img1', images: undefined });
    expect(judgePage(snap({ contentType: 'image/jpeg', sha256: 'img2', images: undefined }), before).gone).toBe(true);
    expect(judgePage(snap({ contentType: 'image/jpeg', sha256: 'img1', images: undefined }), before).gone).toBe(false);
  });

  it('without a usable baseline, an answering page is still online', () => {
    expect(judgePage(snap({}), undefined)).toMatchObject({ gone: false, reason: 'The page is still online.' });
    expect(judgePage(snap({}), snap({ status: 0 }))).toMatchObject({ gone: false });
  });
});
