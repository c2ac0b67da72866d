export { type GatewayCredential, SimulatedGateway, Simulator, type SimulatorOptions } from './simulator';
