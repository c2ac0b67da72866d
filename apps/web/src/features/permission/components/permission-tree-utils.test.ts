import type { PermissionTreeNode } from '@ics/contract';
import { describe, expect, it } from 'vitest';
import { allKeys, idsToSave, initialChecked, parentKeys } from './permission-tree-utils';

const node = (key: string, children?: PermissionTreeNode[]): PermissionTreeNode => ({
  key,
  title: key,
  isLeaf: !children,
  parentId: null,
  ruleFlag: 0,
  ...(children ? { children } : {}),
});

const tree = [node('sys', [node('user', [node('user-add'), node('user-edit')]), node('role')]), node('home')];

describe('permission tree helpers', () => {
  it('lists keys and parents', () => {
    expect(allKeys(tree)).toEqual(['sys', 'user', 'user-add', 'user-edit', 'role', 'home']);
    expect(parentKeys(tree)).toEqual(['sys', 'user']);
  });

  it('checks leaves only, so parents show half-checked', () => {
    expect(initialChecked(tree, ['sys', 'user', 'user-add', 'home'])).toEqual({
      linked: true,
      checked: ['user-add', 'home'],
    });
  });

  it('starts unlinked when a granted menu has no granted child', () => {
    expect(initialChecked(tree, ['sys', 'user', 'home'])).toEqual({
      linked: false,
      checked: ['sys', 'user', 'home'],
    });
  });

  it('saves checked and half-checked ids', () => {
    expect(idsToSave(['user-add'], ['user', 'sys'])).toEqual(['user-add', 'user', 'sys']);
  });
});
