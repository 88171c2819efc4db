/** Types of free-port.mjs (plain JavaScript so that scripts/*.mjs can import it). */
export function freePort(host?: string): Promise<number>;
export function portIsFree(port: number, host?: string): Promise<boolean>;
