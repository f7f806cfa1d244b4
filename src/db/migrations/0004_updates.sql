-- One word for publishing a build: the admin API, the dashboard and the code say
-- "update" (`/v1/project/update`, `update-status`), so the table does too.
-- Renames keep every row; the columns keep their names.
ALTER TABLE deployments RENAME TO updates;
ALTER TABLE updates RENAME CONSTRAINT deployments_pkey TO updates_pkey;
ALTER TABLE updates RENAME CONSTRAINT deployments_project_id_fkey TO updates_project_id_fkey;
ALTER TABLE updates RENAME CONSTRAINT deployments_status_check TO updates_status_check;
ALTER INDEX deployments_project_created RENAME TO updates_project_created;
