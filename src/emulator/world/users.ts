// Who can log in to the emulator and which account groups exist.
import type { DemoUser } from './model';

export const ACCOUNT_GROUPS: readonly { aid: number; accountGroupName: string }[] = [
  { aid: 1001, accountGroupName: 'ACME Corp' },
  { aid: 1002, accountGroupName: 'ACME EMEA' },
  { aid: 1003, accountGroupName: 'ACME Lab' },
  { aid: 2001, accountGroupName: 'Globex Monitoring' },
];

/** The admin is deliberately not assigned to "ACME Lab" (1003) so aid checks can be shown. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    name: 'Admin User',
    email: 'admin@demo.netmon',
    token: 'demo-admin-token',
    organization: 'ACME',
    accountAdmin: true,
    editEndpointTests: true,
    aids: [1001, 1002],
  },
  {
    name: 'Viewer User',
    email: 'viewer@demo.netmon',
    token: 'demo-viewer-token',
    organization: 'ACME',
    accountAdmin: false,
    editEndpointTests: false,
    aids: [1001, 1003],
  },
  {
    name: 'Editor User',
    email: 'editor@demo.netmon',
    token: 'demo-editor-token',
    organization: 'ACME',
    accountAdmin: false,
    editEndpointTests: true,
    aids: [1001, 1002, 1003],
  },
  {
    name: 'Globex Admin',
    email: 'admin@globex.example',
    token: 'globex-admin-token',
    organization: 'Globex',
    accountAdmin: true,
    editEndpointTests: true,
    aids: [2001],
  },
];
