-- The sqlite3 workload (docs/workloads.md): tables filled from recursive
-- common table expressions, an index, joins, grouping, sorting, updates.
CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT, cat INTEGER, price REAL);
CREATE TABLE sale(id INTEGER PRIMARY KEY, item INTEGER, qty INTEGER, day INTEGER);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50)
INSERT INTO item SELECT i, 'item-' || (i * 7919 % 1000), i % 17, (i * 37 % 1000) / 10.0 FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250)
INSERT INTO sale SELECT i, 1 + i * 31 % 50, 1 + i % 9, i * 7 % 365 FROM n;
CREATE INDEX sale_item ON sale(item);
SELECT cat, count(*), round(sum(price * qty), 2) FROM sale JOIN item ON item.id = sale.item
  GROUP BY cat ORDER BY 3 DESC LIMIT 5;
SELECT name, total FROM (SELECT item, sum(qty) AS total FROM sale GROUP BY item)
  JOIN item ON item.id = item ORDER BY total DESC, name LIMIT 5;
UPDATE item SET price = price * 1.1 WHERE cat IN (3, 5, 7);
DELETE FROM sale WHERE day > 300;
SELECT count(*), min(day), max(day) FROM sale;
SELECT day / 30 AS month, count(*) FROM sale GROUP BY month ORDER BY month;
