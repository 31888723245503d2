import { recordStore } from '../../../test/store-recorder';
import * as searches from '../../store/entities/search';
import { recordScanChannels } from './sources';

/*
 * Issue 25: a manual scan keeps the Telegram channels its results and posts linked to, for its page to offer
 * (a monitor's runs add theirs to the monitor: store/entities/monitor.ts). Checked on the commands sent.
 */
const scan: searches.SearchRecord = {
  id: 'S1',
  userId: 'u1',
  status: 'completed',
  query: 'Luna Vale',
  searchEngines: ['google'],
  contentType: 'images',
  createdAt: '2026-11-28T00:00:00.000Z',
  progress: { stage: 'done', enginesDone: 1, enginesTotal: 1, candidatesFound: 3, candidatesMatched: 1 },
  resultCount: 1,
  references: [],
  origin: 'manual',
  sources: [{ kind: 'telegram', target: 'lunavale_leaks' }],
};

describe("a manual scan's discovered channels", () => {
  it('keeps each channel once, in lower case, without the ones the scan read as sources', async () => {
    const store = recordStore((c) => (c.name === 'GetItem' ? { Item: searches.toItem(scan) } : { Attributes: {} }));
    try {
      expect(await recordScanChannels('S1', ['LunaMirror', '@lunamirror', 'lunavale_leaks', 'backup_chan'])).toEqual(['backup_chan', 'lunamirror']);
      const update = store.commands.find((c) => c.name === 'UpdateItem')!;
      expect(update.input).toMatchObject({ Key: { pk: 'SEARCH#S1', sk: 'SEARCH' }, ExpressionAttributeValues: { ':u0': ['backup_chan', 'lunamirror'] } });
    } finally {
      store.stop();
    }
  });

  it('writes nothing when there is nothing new or the scan is gone', async () => {
    const store = recordStore((c) => (c.name === 'GetItem' ? { Item: searches.toItem(scan) } : { Attributes: {} }));
    try {
      expect(await recordScanChannels('S1', [])).toEqual([]);
      expect(await recordScanChannels('S1', ['lunavale_leaks'])).toEqual([]);
      expect(store.commands.map((c) => c.name)).toEqual(['GetItem']);
    } finally {
      store.stop();
    }
    const gone = recordStore(() => ({}));
    try {
      expect(await recordScanChannels('S2', ['lunamirror'])).toEqual([]);
      expect(gone.commands.map((c) => c.name)).toEqual(['GetItem']);
    } finally {
      gone.stop();
    }
  });
});
