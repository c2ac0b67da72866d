export const controlActions = ['on', 'off', 'dim'] as const;
export type ControlAction = (typeof controlActions)[number];

/** What a control addresses: lamps by id, or every lamp of groups, gateways or projects. */
export const controlScopes = ['lamps', 'group', 'gateway', 'project'] as const;
export type ControlScope = (typeof controlScopes)[number];

/** What a strategy applies to. */
export const strategyTargetKinds = ['lamp', 'group', 'gateway', 'project'] as const;
export type StrategyTargetKind = (typeof strategyTargetKinds)[number];
