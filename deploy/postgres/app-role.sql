-- Run once by the postgres image on a new volume, as the owner (POSTGRES_USER): the role the API
-- processes use, with DML rights only; the migrate service creates the tables as the owner.
create role tips_app login password 'tips_app';
grant connect on database tips to tips_app;
grant usage on schema public to tips_app;
alter default privileges for role tips_owner in schema public
  grant select, insert, update, delete on tables to tips_app;
alter default privileges for role tips_owner in schema public grant usage, select on sequences to tips_app;
create schema if not exists drizzle authorization tips_owner;
grant usage on schema drizzle to tips_app;
alter default privileges for role tips_owner in schema drizzle grant select on tables to tips_app;
