import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { FACE_LAYER_LICENSE, faceLayerForSynth } from '../layers/face-layer';
import { VIGIL_RUNTIME } from './api-function';

/**
 * The face layer as a Lambda LayerVersion: face-api with TensorFlow.js and its WebAssembly backend, bundled into
 * one file under `/opt/nodejs/node_modules/@vladmandic/face-api` (infra/layers/face-layer.ts). Every bundle leaves
 * them out (LAMBDA_BUNDLE.external), so each function that detects faces (likeness) gets this layer.
 */
export class FaceLayer extends Construct {
  readonly layer: lambda.LayerVersion;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.layer = new lambda.LayerVersion(this, 'Layer', {
      code: lambda.Code.fromAsset(faceLayerForSynth()),
      compatibleArchitectures: [lambda.Architecture.ARM_64],
      compatibleRuntimes: [VIGIL_RUNTIME],
      description: 'Vigil face detection: face-api with TensorFlow.js (WebAssembly)',
      license: FACE_LAYER_LICENSE,
    });
  }
}
