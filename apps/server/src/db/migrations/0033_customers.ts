import { type Kysely, sql } from "kysely";

/**
 * Customers derived from payments (issue 18 item 3; docs/settings.md "Customers").
 *
 * - A new transaction without a customer but with a usable e-mail (else phone) in its billing data is linked to
 *   the merchant's customer of that e-mail (case-insensitive; else of that phone), which is created on its first
 *   payment: name from the billing name, e-mail and phone as paid with. A refund, void or capture row inherits
 *   its parent's customer (the payment core copies it).
 * - Each linked transaction adds one to the customer's `total_transactions`, moves `last_transaction_at` to its
 *   time when later, and the card it was paid with (last four digits and scheme: never more) becomes the
 *   customer's masked card. All of it in the payment's own INSERT (a BEFORE row trigger), so a payment shows at
 *   once and nothing is half-written. A first payment of a customer takes a transaction-level advisory lock on
 *   (merchant, identity) so two concurrent first payments make one customer; a known customer takes none.
 * - Moving a transaction to another customer or deleting it keeps the totals equal to a recount (AFTER triggers
 *   guarded by WHEN, so the payment path's updates never call them).
 * - customers_rebuild(m) links and recounts set-based (this migration for existing rows; the benchmark after a
 *   bulk seed made without triggers).
 */

const IDENTITY = [
  `create function customer_email_key(e text) returns text language sql immutable as $fn$
  select case when btrim(e) ~ '^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$' then lower(btrim(e)) end
$fn$`,
  `create function customer_phone_key(p text) returns text language sql immutable as $fn$
  select case when regexp_replace(coalesce(p, ''), '[^0-9+]', '', 'g') ~ '^\\+?[0-9]{8,15}$'
    then regexp_replace(p, '[^0-9+]', '', 'g') end
$fn$`,
];

/**
 * The body's part that finds or makes the payment's customer and sets new.customer_id (a row trigger's NEW; e, p
 * and c declared text, text and bigint); migration 0053's link reuses it.
 */
export const LINK_CUSTOMER = `  if new.customer_id is null then
    if new.parent_transaction_id is not null then
      return new;
    end if;
    e := customer_email_key(new.customer_email);
    if e is null then
      p := customer_phone_key(new.customer_phone);
      if p is null then
        return new;
      end if;
    end if;
    -- One customer per e-mail or phone (the edit refuses a taken one; a first payment locks), so no ORDER BY:
    -- with one, the function's generic plan walked the primary key through all the merchant's customers.
    for attempt in 1..2 loop
      if e is not null then
        select id into c from customers
        where merchant_id = new.merchant_id and email is not null and lower(email) = e limit 1;
      else
        select id into c from customers
        where merchant_id = new.merchant_id and phone is not null and phone = p limit 1;
      end if;
      exit when c is not null or attempt = 2;
      perform pg_advisory_xact_lock(hashtextextended('customer:' || new.merchant_id || ':' || coalesce(e, p), 0));
    end loop;
    if c is null then
      insert into customers (merchant_id, name, email, phone, created_at)
      values (new.merchant_id, left(coalesce(nullif(btrim(new.customer_name), ''), e, p), 200), e,
        customer_phone_key(new.customer_phone), least(new.created_at, now()))
      returning id into c;
    end if;
    new.customer_id := c;
  end if;
`;

const LINK = `create function customers_on_transaction_insert() returns trigger language plpgsql as $fn$
declare
  e text;
  p text;
  c bigint;
begin
${LINK_CUSTOMER}  update customers set total_transactions = total_transactions + 1,
    card_last4 = case when new.card_last4 is not null
      and (last_transaction_at is null or new.created_at >= last_transaction_at) then new.card_last4 else card_last4 end,
    card_scheme = case when new.card_last4 is not null
      and (last_transaction_at is null or new.created_at >= last_transaction_at) then new.card_scheme else card_scheme end,
    last_transaction_at = greatest(last_transaction_at, new.created_at)
  where id = new.customer_id;
  return new;
end
$fn$`;

/** Customer c's totals set from its transactions (a statement without its `;`); 0053 and 0055 reuse it. */
export const RECOUNT_TOTALS = `  update customers u set total_transactions = x.n, last_transaction_at = x.last,
    card_last4 = x.last4, card_scheme = x.scheme
  from (select count(*)::integer as n, max(t.created_at) as last,
      (select t2.card_last4 from transactions t2 where t2.customer_id = c and t2.card_last4 is not null
        order by t2.created_at desc, t2.id desc limit 1) as last4,
      (select t2.card_scheme from transactions t2 where t2.customer_id = c and t2.card_last4 is not null
        order by t2.created_at desc, t2.id desc limit 1) as scheme
    from transactions t where t.customer_id = c) x
  where u.id = c
`;

/** The customer's totals recounted from its transactions (after a move or delete). */
const RECOUNT = `create function customers_recount(c bigint) returns void language sql as $fn$
${RECOUNT_TOTALS}$fn$`;

const MOVED = `create function customers_on_transaction_moved() returns trigger language plpgsql as $fn$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.customer_id is not null then
    perform customers_recount(old.customer_id);
  end if;
  if tg_op = 'UPDATE' and new.customer_id is not null then
    perform customers_recount(new.customer_id);
  end if;
  return null;
end
$fn$`;

/** Links every unlinked payment with a usable identity and recounts every customer, set-based (m null: all). */
const REBUILD = `create function customers_rebuild(m bigint) returns void language plpgsql as $fn$
begin
  drop table if exists customer_ids;
  create temporary table customer_ids as
  select t.merchant_id, coalesce(customer_email_key(t.customer_email), customer_phone_key(t.customer_phone)) as k,
    min(t.created_at) as first_at,
    (array_agg(t.customer_name order by t.created_at)
      filter (where nullif(btrim(t.customer_name), '') is not null))[1] as name,
    (array_agg(customer_phone_key(t.customer_phone) order by t.created_at)
      filter (where customer_phone_key(t.customer_phone) is not null))[1] as phone
  from transactions t
  where t.customer_id is null and t.parent_transaction_id is null and (m is null or t.merchant_id = m)
    and coalesce(customer_email_key(t.customer_email), customer_phone_key(t.customer_phone)) is not null
  group by 1, 2;
  -- An e-mail key holds an @, a phone key never does.
  insert into customers (merchant_id, name, email, phone, created_at)
  select i.merchant_id, left(coalesce(btrim(i.name), i.k), 200), case when i.k like '%@%' then i.k end, i.phone,
    least(i.first_at, now())
  from customer_ids i
  where not exists (select 1 from customers c where c.merchant_id = i.merchant_id
    and (case when i.k like '%@%' then lower(c.email) = i.k else c.phone = i.k end));
  update transactions t set customer_id = x.id
  from (select i.merchant_id, i.k, (select c.id from customers c where c.merchant_id = i.merchant_id
      and (case when i.k like '%@%' then lower(c.email) = i.k else c.phone = i.k end) order by c.id limit 1) as id
    from customer_ids i) x
  where t.customer_id is null and t.parent_transaction_id is null and t.merchant_id = x.merchant_id
    and coalesce(customer_email_key(t.customer_email), customer_phone_key(t.customer_phone)) = x.k;
  drop table customer_ids;
  update transactions t set customer_id = p.customer_id
  from transactions p
  where t.parent_transaction_id = p.id and t.customer_id is null and p.customer_id is not null
    and (m is null or t.merchant_id = m);
  update customers u set total_transactions = x.n, last_transaction_at = x.last, card_last4 = x.last4,
    card_scheme = x.scheme
  from (select c0.id, coalesce(s.n, 0) as n, s.last, s.last4, s.scheme
    from customers c0
    left join lateral (select count(*)::integer as n, max(t.created_at) as last,
        (array_agg(t.card_last4 order by t.created_at desc, t.id desc) filter (where t.card_last4 is not null))[1] as last4,
        (array_agg(t.card_scheme order by t.created_at desc, t.id desc) filter (where t.card_last4 is not null))[1] as scheme
      from transactions t where t.customer_id = c0.id) s on true
    where m is null or c0.merchant_id = m) x
  where u.id = x.id;
end
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    "alter table customers add column total_transactions integer not null default 0",
    "alter table customers add column last_transaction_at timestamptz",
    "alter table customers add column card_last4 text",
    "alter table customers add column card_scheme text",
    "alter table customers add column updated_at timestamptz",
    "create index customers_last_idx on customers (merchant_id, last_transaction_at desc nulls last, id desc)",
    "create index customers_name_idx on customers (merchant_id, lower(name) text_pattern_ops)",
    "create index customers_email_idx on customers (merchant_id, lower(email) text_pattern_ops) where email is not null",
    "create index customers_phone_idx on customers (merchant_id, phone text_pattern_ops) where phone is not null",
    `create index transactions_customer_idx on transactions (customer_id, created_at desc, id desc)
      where customer_id is not null`,
    ...IDENTITY,
    LINK,
    RECOUNT,
    MOVED,
    REBUILD,
    "select customers_rebuild(null)",
    `create trigger customers_link before insert on transactions
      for each row execute function customers_on_transaction_insert()`,
    `create trigger customers_moved after update of customer_id on transactions
      for each row when (old.customer_id is distinct from new.customer_id) execute function customers_on_transaction_moved()`,
    `create trigger customers_deleted after delete on transactions
      for each row when (old.customer_id is not null) execute function customers_on_transaction_moved()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
