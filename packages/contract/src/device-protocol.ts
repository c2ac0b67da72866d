/**
 * `@ics/contract/protocol`: the device protocol for whatever speaks it (the simulator, a
 * gateway's tests): names, kinds and topics, and the payload schemas that check them.
 */
export * from './lighting/device/protocol';
export * from './lighting/device/protocol.schemas';
