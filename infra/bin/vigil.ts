#!/usr/bin/env node
import { App } from 'aws-cdk-lib';
import { buildVigil } from '../app';

// The CDK CLI runs this (cdk.json "app"); context such as siteUrl comes from cdk.json and `-c key=value`.
const app = new App();
buildVigil(app);
app.synth();
