export { EVENTS_RATE_MESSAGE, recordEvent } from './record-event';
export { readEngagement } from './engagement';
