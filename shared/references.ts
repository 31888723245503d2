/**
 * Reference files a creator may upload with a scan (PRODUCT.md: JPG, PNG, MP4, MOV) and the caps that apply.
 * The caps follow from the API path: API Gateway and Lambda take at most 6 MB per synchronous request
 * (base64-encoded), so a scan carries at most 4 MB of reference files in all.
 */
export const REFERENCE_TYPES = [
  { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], kind: 'image' },
  { mime: 'image/png', extensions: ['png'], kind: 'image' },
  { mime: 'video/mp4', extensions: ['mp4'], kind: 'video' },
  { mime: 'video/quicktime', extensions: ['mov'], kind: 'video' },
] as const;

export const MAX_REFERENCE_FILES = 5;
export const MAX_REFERENCE_FILE_BYTES = 4 * 1024 * 1024;
export const MAX_REFERENCE_TOTAL_BYTES = 4 * 1024 * 1024;
export const REFERENCE_ACCEPT = '.jpg,.jpeg,.png,.mp4,.mov,image/jpeg,image/png,video/mp4,video/quicktime';
