type Sql = { raw(sql: string, bindings: readonly unknown[]): PromiseLike<unknown> }

/**
 * Makes Postgres refuse every order capture transaction, so Medusa's completeCartWorkflow fails at its
 * last step, after the payment was authorized and captured, and runs its own undo (as a connection lost
 * at that moment does). Answers the function that lifts the fault.
 */
export async function refuseCaptureBookings(pg: Sql): Promise<() => Promise<void>> {
  await pg.raw(
    `create or replace function tikkie_test_refuse_capture() returns trigger language plpgsql as $$
    begin if new.reference = 'capture' then raise exception 'the books refuse the capture'; end if; return new; end $$`,
    []
  )
  await pg.raw(
    `create trigger tikkie_test_refuse_capture before insert on order_transaction
    for each row execute function tikkie_test_refuse_capture()`,
    []
  )
  return async () => {
    await pg.raw(`drop trigger if exists tikkie_test_refuse_capture on order_transaction`, [])
  }
}
