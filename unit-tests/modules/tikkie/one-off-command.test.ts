import { isOneOffCommand } from "../../../src/modules/tikkie/loaders/check-production-shape"

describe("the production-shape check and Medusa's commands", () => {
  it("leaves out the one-off commands that set MEDUSA_WORKER_MODE=server themselves", () => {
    for (const command of ["db:migrate", "db:migrate:scripts", "db:rollback", "db:run-scripts", "exec", "user"]) {
      expect(isOneOffCommand(["node", "/app/node_modules/@medusajs/cli/cli.js", command, "--execute-safe-links"])).toBe(
        true
      )
    }
  })

  it("checks the processes that serve and work", () => {
    expect(isOneOffCommand(["node", "/app/node_modules/@medusajs/cli/cli.js", "start", "--port", "9000"])).toBe(false)
    expect(isOneOffCommand(["node", "/app/node_modules/@medusajs/cli/cli.js", "develop"])).toBe(false)
    expect(isOneOffCommand(["node", "/app/node_modules/.bin/jest"])).toBe(false)
  })
})
