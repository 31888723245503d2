/*
 * The Competitive Analysis Dashboard's content (PRODUCT.md section 2, issue 26): only what is true. Capabilities
 * here are what the product performs; every figure on the page comes from the platform's records
 * (`GET /api/public/stats`) or from bench/published.json. Competitors' and "industry" figures are left out: there
 * is no measured source for them (docs/PRODUCT.md section 10).
 */

export type Support = 'yes' | 'partial' | 'no';

export interface FeatureRow {
  feature: string;
  description: string;
  vigil: Support;
}

export const FEATURE_ROWS: readonly FeatureRow[] = [
  { feature: 'Search by name and brand', description: 'Google, Bing and DuckDuckGo: web, image and video results', vigil: 'yes' },
  { feature: 'Image & video fingerprinting', description: 'Perceptual hashes of your reference files find resized, cropped, mirrored and re-encoded copies', vigil: 'yes' },
  {
    feature: 'Face recognition',
    description: 'Opt-in likeness matching: your face found in pictures, video thumbnails and frames sampled from found videos you did not upload as a reference, reviewed by you before any notice',
    vigil: 'yes',
  },
  { feature: 'Your review before sending', description: 'Nothing is sent until you mark a match unauthorized (or a monitor you set submits)', vigil: 'yes' },
  { feature: 'Anonymous filing', description: 'Notices filed under our company identity', vigil: 'yes' },
  { feature: 'Automated submission', description: "Notices e-mailed to hosts and filed with the search engines' forms (paid plans)", vigil: 'yes' },
  { feature: 'Bulk DMCA', description: 'Send many takedowns in one go', vigil: 'yes' },
  { feature: 'Monitors', description: 'Scheduled scans that report new copies and copies that came back', vigil: 'yes' },
  { feature: 'Risk analysis dashboard', description: 'Exposure, hotspots and threat trends from your own results', vigil: 'yes' },
  { feature: 'AI assistant', description: 'Answers about DMCA and the platform, any time', vigil: 'yes' },
];

/** What a scan covers: the engines and kinds of results the search workflow queries. */
export const COVERAGE: readonly { engine: string; kinds: string }[] = [
  { engine: 'Google', kinds: 'Web, images, videos, reverse image search of your references' },
  { engine: 'Bing', kinds: 'Web, images, videos, reverse image search of your references' },
  { engine: 'DuckDuckGo', kinds: 'Web results' },
];
