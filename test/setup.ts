// Runs before every test file: polyfills, and quiet logs unless a test run asks for them.
import './polyfills';

process.env.LOG_LEVEL ??= 'SILENT';
