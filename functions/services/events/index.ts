export { ENGAGEMENT_ATTRIBUTES, EVENT_RATE_LIMIT, EVENTS_RATE_MESSAGE, pageViewDeltas, recordEvent } from './record-event';
export { readEngagement, type Engagement } from './engagement';
