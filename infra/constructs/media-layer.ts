import * as path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { REPO_ROOT } from '../context';
import { MEDIA_LAYER_DIR, MEDIA_LAYER_ENVIRONMENT, MEDIA_LAYER_LICENSE, missingMediaLayerFiles } from '../layers/media-layer';
import { VIGIL_RUNTIME } from './api-function';

export interface MediaLayerProps {
  /** The built layer (`npm run build:layers`); default `<repo>/dist/layers/media`. */
  dir?: string;
  /** Refuse to synthesize without the built layer (prod: an unbuilt layer would deploy scans that always fail). */
  required?: boolean;
}

/** What a function that decodes images or videos adds to its ApiFunction props. */
export interface MediaFunctionProps {
  layers: lambda.ILayerVersion[];
  environment: Record<string, string>;
}

/**
 * The media layer as a Lambda LayerVersion (arm64, Node 22): sharp with libvips for linux-arm64 under
 * `/opt/nodejs/node_modules`, static ffmpeg and ffprobe under `/opt/bin`. The functions' bundles keep sharp
 * external (ApiFunction does that for every function), so they load the layer's copy.
 *
 * The layer is built outside the synth (`npm run build:layers`, part of `npm run build`) so that `cdk synth`
 * and the infra tests stay offline and fast. When it has not been built, a dev app still synthesizes, without
 * the layer, and a warning says that image and video decoding will fail in the deployed functions; a prod
 * app (`required`) refuses to synthesize.
 */
export class MediaLayer extends Construct {
  /** Undefined when the layer directory has not been built. */
  readonly layer?: lambda.LayerVersion;
  readonly dir: string;

  constructor(scope: Construct, id: string, props: MediaLayerProps = {}) {
    super(scope, id);
    this.dir = path.resolve(props.dir ?? MEDIA_LAYER_DIR);

    const missing = missingMediaLayerFiles(this.dir);
    if (missing.length && props.required) {
      throw new Error(
        `The media layer is not built (${path.relative(REPO_ROOT, this.dir) || this.dir} lacks ${missing.join(', ')}): ` +
          '-c stage=prod refuses to deploy the image and video tasks without sharp and ffmpeg. Run "npm run build:layers" first.',
      );
    }
    if (missing.length) {
      Validations.of(this).addWarning(
        'vigil:media-layer-not-built',
        `The media layer is not built (${path.relative(REPO_ROOT, this.dir) || this.dir} lacks ${missing.join(', ')}): ` +
          'functions that decode images (sharp) or videos (ffmpeg) are deployed without it and fail on AWS. ' +
          'Run "npm run build" (or "npm run build:layers") before "cdk deploy".',
      );
      return;
    }
    this.layer = new lambda.LayerVersion(this, 'Layer', {
      code: lambda.Code.fromAsset(this.dir),
      compatibleArchitectures: [lambda.Architecture.ARM_64],
      compatibleRuntimes: [VIGIL_RUNTIME],
      description: 'Vigil media: sharp (libvips) for linux-arm64 glibc, static ffmpeg and ffprobe in /opt/bin',
      license: MEDIA_LAYER_LICENSE,
    });
  }

  /**
   * Layers and variables for a function that decodes images or videos: the layer, and FFMPEG_PATH and
   * FFPROBE_PATH pointing at its binaries. Empty when the layer is not built (the warning says so).
   */
  functionProps(): MediaFunctionProps {
    if (!this.layer) return { layers: [], environment: {} };
    return { layers: [this.layer], environment: { ...MEDIA_LAYER_ENVIRONMENT } };
  }
}
