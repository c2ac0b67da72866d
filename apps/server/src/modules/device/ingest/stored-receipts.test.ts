import { describe, expect, it } from 'vitest';
import { StoredReceipts } from './stored-receipts';

const settledOf = (promise: Promise<void>) => {
  const state = { value: 'pending' as 'pending' | 'stored' | 'failed' };
  promise.then(
    () => {
      state.value = 'stored';
    },
    () => {
      state.value = 'failed';
    },
  );
  return state;
};
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('StoredReceipts', () => {
  it('answers with the first flush that starts after the question, not the one in progress', async () => {
    const receipts = new StoredReceipts();
    const inProgress = receipts.take();
    const asked = settledOf(receipts.whenStored());
    receipts.settle(inProgress, false);
    await turn();
    expect(asked.value).toBe('pending');
    const next = receipts.take();
    receipts.settle(next, false);
    await turn();
    expect(asked.value).toBe('stored');
  });

  it('rejects when a flush failed in between, even one that started before the question', async () => {
    const receipts = new StoredReceipts();
    const inProgress = receipts.take();
    const asked = settledOf(receipts.whenStored());
    receipts.settle(inProgress, true);
    const later = settledOf(receipts.whenStored());
    receipts.settle(receipts.take(), false);
    await turn();
    expect(asked.value).toBe('failed');
    expect(later.value).toBe('stored');
  });

  it('rejects when the flush that answers fails', async () => {
    const receipts = new StoredReceipts();
    const asked = settledOf(receipts.whenStored());
    receipts.settle(receipts.take(), true);
    await turn();
    expect(asked.value).toBe('failed');
  });
});
