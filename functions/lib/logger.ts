import { Logger } from '@aws-lambda-powertools/logger';
import { live } from './config';

/** One structured JSON logger per process; level from LOG_LEVEL (`SILENT` in tests). */
export const logger = new Logger({ serviceName: 'vigil', logLevel: live.logLevel() as 'INFO' });
