/**
 * Admin roles (architecture §5). An owner may do everything; a reviewer works the creator pipeline but may not
 * delete or merge creators, manage recruiters or manage admins, word the message templates, keep the team's lists or
 * import creators. The server enforces this on every route; the client
 * reads the same table to hide what a role may not do.
 */
export const ADMIN_ROLES = ['owner', 'reviewer'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const PERMISSIONS = [
  'deleteCreators',
  'mergeCreators',
  'manageRecruiters',
  'manageAdmins',
  'manageTemplates',
  'manageLists',
  'importCreators',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS = {
  owner: [
    'deleteCreators',
    'mergeCreators',
    'manageRecruiters',
    'manageAdmins',
    'manageTemplates',
    'manageLists',
    'importCreators',
  ],
  reviewer: [],
} as const satisfies Record<AdminRole, readonly Permission[]>;

export function can(role: AdminRole, permission: Permission): boolean {
  return (GRANTS[role] as readonly Permission[]).includes(permission);
}

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (ADMIN_ROLES as readonly string[]).includes(value);
}
