import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

/**
 * Throwaway certificates for mutual-TLS tests, made with the openssl command-line tool in a temp
 * directory that is removed afterwards: a CA, a server certificate for localhost and 127.0.0.1 (in
 * subjectAltName, which is what TLS clients check), and a client certificate, both signed by the CA.
 * P-256 keys keep it fast (tens of milliseconds).
 */
export interface TestCertificates {
  caCert: string
  caKey: string
  serverCert: string
  serverKey: string
  clientCert: string
  clientKey: string
}

const OPENSSL = process.env.OPENSSL ?? "/usr/bin/openssl"

export function makeTestCertificates(name = "tikkie-test"): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), "tikkie-certs-"))
  const run = (...args: string[]) => execFileSync(OPENSSL, args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] })
  const file = (f: string) => readFileSync(join(dir, f), "utf8")
  try {
    const newKey = (out: string) =>
      run("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", out)
    newKey("ca.key")
    run(
      "req",
      "-x509",
      "-new",
      "-key",
      "ca.key",
      "-sha256",
      "-days",
      "2",
      "-subj",
      `/CN=${name} CA`,
      "-out",
      "ca.pem",
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      "-addext",
      "keyUsage=critical,keyCertSign,cRLSign"
    )

    const sign = (base: string, subject: string, extensions: string) => {
      newKey(`${base}.key`)
      run("req", "-new", "-key", `${base}.key`, "-subj", subject, "-out", `${base}.csr`)
      writeFileSync(join(dir, `${base}.ext`), extensions)
      run(
        "x509",
        "-req",
        "-in",
        `${base}.csr`,
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-days",
        "2",
        "-sha256",
        "-extfile",
        `${base}.ext`,
        "-out",
        `${base}.pem`
      )
    }
    sign("server", "/CN=localhost", "subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n")
    sign("client", `/CN=${name} client`, "extendedKeyUsage=clientAuth\n")

    return {
      caCert: file("ca.pem"),
      caKey: file("ca.key"),
      serverCert: file("server.pem"),
      serverKey: file("server.key"),
      clientCert: file("client.pem"),
      clientKey: file("client.key"),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
