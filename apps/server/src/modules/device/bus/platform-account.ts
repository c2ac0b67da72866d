/**
 * The platform's own account on an external broker: the user and password of `MQTT_URL`
 * (percent-decoded), or undefined when the platform connects without one.
 */
export function platformAccount(
  mqttUrl: string | undefined,
): { username: string; password: string } | undefined {
  if (!mqttUrl) return undefined;
  const url = new URL(mqttUrl);
  if (!url.username) return undefined;
  return { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
}
