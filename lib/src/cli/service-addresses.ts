// Where the model services listen, read from the environment the way their own tools read it, so
// one exported variable points the workbook, the `ollama` CLI and Anthropic's SDKs at the same
// place (and the README's test at its loopback stand-ins). A --base-url flag still wins.

/** The variables read: Ollama's client and CLI read OLLAMA_HOST; Anthropic's SDKs read ANTHROPIC_BASE_URL. */
export const OLLAMA_HOST_VARIABLE = "OLLAMA_HOST";
export const ANTHROPIC_BASE_URL_VARIABLE = "ANTHROPIC_BASE_URL";

const OLLAMA_DEFAULT_PORT = "11434";

/**
 * OLLAMA_HOST as Ollama itself reads it (envconfig.Host): `host`, `host:port` or `scheme://host[:port][/path]`.
 * Without a scheme it is http on port 11434; with `http://` or `https://` and no port, 80 or 443.
 * Undefined when the variable is unset or blank (the provider's default then applies).
 */
export function ollamaUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const raw = env[OLLAMA_HOST_VARIABLE]?.trim();
  if (!raw) return undefined;
  const schemeEnd = raw.indexOf("://");
  let scheme = "http";
  let rest = raw;
  let defaultPort = OLLAMA_DEFAULT_PORT;
  if (schemeEnd !== -1) {
    scheme = raw.slice(0, schemeEnd);
    rest = raw.slice(schemeEnd + 3);
    if (scheme === "http") defaultPort = "80";
    if (scheme === "https") defaultPort = "443";
  }
  const slash = rest.indexOf("/");
  const hostPort = slash === -1 ? rest : rest.slice(0, slash);
  const path = slash === -1 ? "" : rest.slice(slash);
  const bracketed = /^\[([^\]]+)\](?::(\d*))?$/.exec(hostPort);
  let host: string;
  let port: string | undefined;
  if (bracketed) {
    host = `[${bracketed[1]!}]`;
    port = bracketed[2];
  } else {
    const colon = hostPort.lastIndexOf(":");
    const ipv6 = hostPort.indexOf(":") !== colon; // several colons and no brackets: an address without a port
    host = colon === -1 || ipv6 ? hostPort : hostPort.slice(0, colon);
    port = colon === -1 || ipv6 ? undefined : hostPort.slice(colon + 1);
    if (ipv6) host = `[${host}]`;
  }
  if (host === "" || host === "[]") host = "127.0.0.1";
  const portNumber = Number(port);
  if (port === undefined || port === "" || !Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65535) port = defaultPort;
  return `${scheme}://${host}:${port}${path}`.replace(/\/+$/, "");
}

/** ANTHROPIC_BASE_URL as Anthropic's SDKs read it: the URL as given. Undefined when unset or blank. */
export function anthropicUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const raw = env[ANTHROPIC_BASE_URL_VARIABLE]?.trim();
  return raw ? raw.replace(/\/+$/, "") : undefined;
}
