import {
  type ControlJobDto,
  type ExecutionDto,
  type GatewayScheduleDto,
  type Page,
  type PreviewResult,
  type RouteBody,
  type RouteQuery,
  type StrategyAction,
  type StrategyDto,
  type StrategyTargetKind,
  strategyRoutes,
} from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

export type StrategyListQuery = RouteQuery<typeof strategyRoutes.list>;
export type StrategyBody = RouteBody<typeof strategyRoutes.add>;
export type { StrategyAction, StrategyDto, StrategyTargetKind };

export async function listStrategies(query: StrategyListQuery): Promise<Page<StrategyDto>> {
  return unwrap(await call(strategyRoutes.list, { query }));
}

export async function addStrategy(body: StrategyBody): Promise<StrategyDto> {
  return unwrap(await call(strategyRoutes.add, { body }));
}

export async function editStrategy(body: RouteBody<typeof strategyRoutes.edit>): Promise<StrategyDto> {
  return unwrap(await call(strategyRoutes.edit, { body }));
}

export async function deleteStrategy(id: string): Promise<void> {
  unwrap(await call(strategyRoutes.delete, { query: { id } }));
}

/** The actions a lamp will receive over the next days, with the unsaved draft applied. */
export async function previewStrategy(
  body: RouteBody<typeof strategyRoutes.preview>,
): Promise<PreviewResult> {
  return unwrap(await call(strategyRoutes.preview, { body }, { silentStatuses: [400] }));
}

export async function listExecutions(
  query: RouteQuery<typeof strategyRoutes.executions>,
): Promise<Page<ExecutionDto>> {
  return unwrap(await call(strategyRoutes.executions, { query }));
}

export async function listGatewaySchedules(
  query: RouteQuery<typeof strategyRoutes.gatewaySchedules>,
): Promise<Page<GatewayScheduleDto>> {
  return unwrap(await call(strategyRoutes.gatewaySchedules, { query }));
}

/** Pushes schedules and fallback levels down to gateways. */
export async function pushSchedules(body: RouteBody<typeof strategyRoutes.push>): Promise<ControlJobDto> {
  return unwrap(await call(strategyRoutes.push, { body }));
}
