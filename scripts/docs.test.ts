import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_ACTION_NAMES,
  ADMIN_ACTION_PERMISSIONS,
  ROLE_PERMISSIONS,
  USER_ROLES,
  WORKFLOW_FLOWS,
  grievanceDiagram,
  workflowDiagram,
} from '@pp/contract';

// Pages of docs/ that state what the contract decides: they must say what the code does.
describe('docs/workflow.md', () => {
  const doc = readFileSync(new URL('../docs/workflow.md', import.meta.url), 'utf8');

  it('draws each flow as the engine runs it', () => {
    for (const flow of WORKFLOW_FLOWS) expect(doc, flow).toContain(workflowDiagram(flow));
  });

  it('gives each staff role the permissions the contract gives it', () => {
    for (const role of USER_ROLES.filter((r) => r !== 'PARTNER')) {
      const row = new RegExp(`^\\| ${role} +\\| ([^|]+)\\|`, 'm').exec(doc);
      const listed = row?.[1]?.trim() === '—' ? [] : (row?.[1]?.split(',').map((p) => p.trim()) ?? null);
      expect(listed, role).toEqual([...ROLE_PERMISSIONS[role]]);
    }
  });
});

describe('docs/grievances.md', () => {
  it('draws the lifecycle as the engine runs it', () => {
    const doc = readFileSync(new URL('../docs/grievances.md', import.meta.url), 'utf8');
    expect(doc).toContain(grievanceDiagram());
  });
});

describe('docs/admin-actions.md', () => {
  const doc = readFileSync(new URL('../docs/admin-actions.md', import.meta.url), 'utf8');

  it('lists every admin action with the permission the contract puts it behind', () => {
    for (const action of ADMIN_ACTION_NAMES) {
      const row = new RegExp(`^\\| \`${action}\` +\\| ([^|]+)\\|`, 'm').exec(doc);
      expect(row?.[1]?.trim(), action).toBe(ADMIN_ACTION_PERMISSIONS[action]);
    }
  });
});
