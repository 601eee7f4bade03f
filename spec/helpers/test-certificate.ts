import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A PEM key and certificate for a test HTTPS server. */
export interface TestCertificate {
  key: string;
  cert: string;
}

/**
 * A fresh self-signed certificate for 127.0.0.1 (P-256, valid one day), made with the openssl
 * binary, so that no private key is committed; `undefined` where openssl is missing.
 */
export function makeTestCertificate(): TestCertificate | undefined {
  const directory = mkdtempSync(join(tmpdir(), "service-endpoint-tls-"));
  try {
    const keyPath = join(directory, "key.pem");
    const certPath = join(directory, "cert.pem");
    const result = spawnSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
        ...["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-days", "1"],
        ...["-keyout", keyPath, "-out", certPath],
      ],
      { stdio: "ignore" },
    );
    if (result.status !== 0) return undefined;
    return { key: readFileSync(keyPath, "utf8"), cert: readFileSync(certPath, "utf8") };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
