import { Logger } from '@aws-lambda-powertools/logger';

/** One structured JSON logger per process; level from LOG_LEVEL (`SILENT` in tests). */
export const logger = new Logger({ serviceName: 'vigil', logLevel: (process.env.LOG_LEVEL ?? 'INFO') as 'INFO' });
