import { allMarks } from '@ics/contract/server';
import { describe, expect, it } from 'vitest';
import { dbVariants, migratedDatabase } from '../../../test/harness';

// The contract's catalogue is the one list of marks: routes require them, the console checks
// them, and the menu migrations seed them. A mark added on one side only fails here.
for (const variant of dbVariants().slice(0, 1)) {
  describe(`permission marks [${variant.name}]`, () => {
    const db = migratedDatabase(variant);

    it('are seeded exactly as the catalogue lists them', async () => {
      const rows = await db().query<{ perms: string }>(
        `select distinct perms from sys_permission where del_flag = 0 and perms is not null and perms <> ''`,
      );
      const seeded = rows.flatMap((r) => r.perms.split(',')).map((m) => m.trim());
      expect([...new Set(seeded)].sort()).toEqual([...allMarks].sort());
    });
  });
}
