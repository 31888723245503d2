// Runs before every test file: polyfills, and quiet logs unless a test run asks for them.
import './polyfills';

process.env.LOG_LEVEL ??= 'SILENT';
// Request metrics (Powertools EMF lines on stdout) are for CloudWatch; tests read the counters instead.
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
