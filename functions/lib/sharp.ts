import type SharpModule from 'sharp';

/** sharp's default export: `sharp(input, options)`. */
export type Sharp = typeof SharpModule;

let loading: Promise<Sharp> | undefined;

/**
 * sharp, loaded on first use and kept (issue 27). No module imports sharp at its top: a function's bundle
 * that only might decode a picture (the case service's named-URL check, a notice's thumbnails) does not load
 * libvips at cold start, and a function that never decodes one runs without the media layer at all
 * (`infra/stacks/media-functions.ts` says which have it; a bundle test keeps every import of sharp dynamic).
 * A failed load is not kept, so a later call tries again and throws the real error.
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(
    (m) => ((m as { default?: Sharp }).default ?? (m as unknown as Sharp)),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}
