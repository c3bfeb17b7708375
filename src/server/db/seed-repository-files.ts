import type { ImportCommit } from '#server/integrations/repositories/fast-import.js';

/**
 * The demo repositories' histories (decision 054, the sandbox host): small but real
 * projects, each in its own stack, written by two or three demo authors at fixed dates so that
 * their commit ids come out the same on every machine.
 */
const jonas = { name: 'Jonas Berg', email: 'jonas@demo.finishline.dev' };
const priya = { name: 'Priya Raman', email: 'priya@demo.finishline.dev' };
const kai = { name: 'Kai Novak', email: 'kai@contractor.example' };
const ines = { name: 'Ines Duarte', email: 'ines@contractor.example' };
const at = (day: string) => new Date(`${day}T10:00:00Z`);

const invoicePackage = {
  name: 'invoice-generator',
  version: '0.3.0',
  private: true,
  type: 'module',
  scripts: { dev: 'vite', build: 'tsc && vite build', test: 'vitest run', server: 'node server/index.js' },
  dependencies: { express: '4.19.2', react: '18.3.1', 'react-dom': '18.3.1', pdfkit: '0.15.0' },
  devDependencies: { typescript: '5.4.5', vite: '5.2.11', vitest: '1.6.0', '@types/react': '18.3.3' },
};
const invoiceLock = {
  name: 'invoice-generator',
  version: '0.3.0',
  lockfileVersion: 3,
  requires: true,
  packages: {
    '': { name: 'invoice-generator', version: '0.3.0', dependencies: invoicePackage.dependencies, devDependencies: invoicePackage.devDependencies },
    'node_modules/express': { version: '4.19.2', resolved: 'https://registry.npmjs.org/express/-/express-4.19.2.tgz', license: 'MIT' },
    'node_modules/react': { version: '18.3.1', resolved: 'https://registry.npmjs.org/react/-/react-18.3.1.tgz', license: 'MIT' },
  },
};

export const invoiceGeneratorHistory: ImportCommit[] = [
  {
    message: 'Invoice generator: React front end and an Express API',
    author: jonas,
    date: at('2026-03-02'),
    files: {
      'README.md': '# Invoice generator\n\nCreate invoices, render them as PDF, keep customers.\n\n    npm install\n    npm run dev\n',
      'package.json': `${JSON.stringify(invoicePackage, null, 2)}\n`,
      'package-lock.json': `${JSON.stringify(invoiceLock, null, 2)}\n`,
      'tsconfig.json': '{\n  "compilerOptions": { "strict": true, "jsx": "react-jsx", "module": "ESNext", "target": "ES2022" }\n}\n',
      'src/App.tsx': "import { InvoiceForm } from './InvoiceForm';\n\nexport function App() {\n  return <main><h1>Invoices</h1><InvoiceForm /></main>;\n}\n",
      'src/InvoiceForm.tsx':
        "import { useState } from 'react';\nimport { total } from './money';\n\nexport function InvoiceForm() {\n  const [lines, setLines] = useState([{ label: '', cents: 0 }]);\n  // TODO: recurring invoices (monthly, yearly)\n  return <p>Total: {total(lines)}</p>;\n}\n",
      'src/money.ts': 'export const total = (lines: { cents: number }[]) => lines.reduce((sum, line) => sum + line.cents, 0);\n',
      'server/index.js':
        "import express from 'express';\n\nconst app = express();\napp.use(express.json());\n// TODO: send invoices by email\napp.listen(3000);\n",
    },
  },
  {
    message: 'PDF rendering and the customer list',
    author: kai,
    date: at('2026-03-09'),
    files: {
      'server/pdf.js':
        "import PDFDocument from 'pdfkit';\n\nexport function renderInvoice(invoice, stream) {\n  const doc = new PDFDocument();\n  doc.pipe(stream);\n  doc.text(`Invoice ${invoice.number}`);\n  doc.end();\n}\n",
      'server/customers.js':
        'const customers = new Map();\n\nexport const saveCustomer = (customer) => customers.set(customer.id, customer);\nexport const listCustomers = () => [...customers.values()];\n',
    },
  },
  {
    message: 'Tests for totals, and CI',
    author: jonas,
    date: at('2026-03-16'),
    files: {
      'src/money.test.ts':
        "import { expect, it } from 'vitest';\nimport { total } from './money';\n\nit('adds the lines', () => {\n  expect(total([{ cents: 100 }, { cents: 250 }])).toBe(350);\n});\n",
      '.github/workflows/ci.yml':
        'name: CI\non: [push, pull_request]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: actions/setup-node@v4\n        with: { node-version: 20 }\n      - run: npm ci\n      - run: npm test\n',
    },
  },
  {
    message: 'Dashboard page (charts still to do)',
    author: kai,
    date: at('2026-03-23'),
    files: {
      'src/Dashboard.tsx':
        '// TODO: revenue chart per month\n// TODO: overdue invoices list\nexport function Dashboard() {\n  return <section><h2>Dashboard</h2></section>;\n}\n',
    },
  },
];

export const bakeryInventoryHistory: ImportCommit[] = [
  {
    message: 'Django project for the bakery inventory',
    author: priya,
    date: at('2026-02-10'),
    files: {
      'README.md':
        '# Bakery inventory\n\nTracks flour, butter and the rest, and warns before they run out.\n\n    pip install -r requirements.txt\n    python manage.py runserver\n',
      'requirements.txt': 'Django>=5.0\ndjangorestframework\npytest-django\n',
      'manage.py':
        "#!/usr/bin/env python\nimport os\nimport sys\n\nif __name__ == '__main__':\n    os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'bakery.settings')\n    from django.core.management import execute_from_command_line\n    execute_from_command_line(sys.argv)\n",
      'bakery/__init__.py': '',
      'bakery/settings.py':
        "SECRET_KEY = 'change-me'\nINSTALLED_APPS = ['django.contrib.contenttypes', 'rest_framework', 'stock']\nDATABASES = {'default': {'ENGINE': 'django.db.backends.sqlite3', 'NAME': 'db.sqlite3'}}\n",
      'stock/__init__.py': '',
      'stock/models.py':
        'from django.db import models\n\n\nclass Ingredient(models.Model):\n    name = models.CharField(max_length=100)\n    quantity_grams = models.PositiveIntegerField(default=0)\n    reorder_at_grams = models.PositiveIntegerField(default=1000)\n',
    },
  },
  {
    message: 'Low-stock check and its tests',
    author: ines,
    date: at('2026-02-17'),
    files: {
      'stock/rules.py': 'def needs_reorder(ingredient):\n    return ingredient.quantity_grams <= ingredient.reorder_at_grams\n',
      'stock/tests/__init__.py': '',
      'stock/tests/test_rules.py':
        'from types import SimpleNamespace\n\nfrom stock.rules import needs_reorder\n\n\ndef test_reorder_at_the_threshold():\n    assert needs_reorder(SimpleNamespace(quantity_grams=1000, reorder_at_grams=1000))\n',
      'pytest.ini': '[pytest]\nDJANGO_SETTINGS_MODULE = bakery.settings\n',
    },
  },
  {
    message: 'Supplier orders, unfinished',
    author: priya,
    date: at('2026-02-24'),
    files: {
      'stock/orders.py': '# TODO: email the supplier when an ingredient needs reordering\ndef place_order(ingredient, grams):\n    raise NotImplementedError\n',
    },
  },
];

const pom = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>dev.finishline.demo</groupId>
  <artifactId>ticketing-backend</artifactId>
  <version>0.1.0</version>
  <parent>
    <groupId>org.springframework.boot</groupId>
    <artifactId>spring-boot-starter-parent</artifactId>
    <version>3.2.5</version>
  </parent>
  <dependencies>
    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-web</artifactId></dependency>
    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-test</artifactId><scope>test</scope></dependency>
  </dependencies>
</project>
`;

export const ticketingBackendHistory: ImportCommit[] = [
  {
    message: 'Spring Boot skeleton for ticket sales',
    author: jonas,
    date: at('2026-01-12'),
    files: {
      'README.md': '# Ticketing backend\n\nTicket sales with seat maps.\n\n    ./mvnw spring-boot:run\n',
      'pom.xml': pom,
      'src/main/java/dev/finishline/ticketing/TicketingApplication.java':
        'package dev.finishline.ticketing;\n\nimport org.springframework.boot.SpringApplication;\nimport org.springframework.boot.autoconfigure.SpringBootApplication;\n\n@SpringBootApplication\npublic class TicketingApplication {\n  public static void main(String[] args) {\n    SpringApplication.run(TicketingApplication.class, args);\n  }\n}\n',
    },
  },
  {
    message: 'Seat maps and checkout',
    author: kai,
    date: at('2026-01-19'),
    files: {
      'src/main/java/dev/finishline/ticketing/SeatMap.java':
        'package dev.finishline.ticketing;\n\nimport java.util.HashSet;\nimport java.util.Set;\n\npublic class SeatMap {\n  private final Set<String> sold = new HashSet<>();\n\n  public boolean reserve(String seat) {\n    return sold.add(seat);\n  }\n}\n',
      'src/main/java/dev/finishline/ticketing/CheckoutController.java':
        'package dev.finishline.ticketing;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class CheckoutController {\n  // TODO: refunds\n  // TODO: QR code validation at the door\n  @PostMapping("/checkout")\n  public String checkout() {\n    return "ok";\n  }\n}\n',
    },
  },
  {
    message: 'JUnit tests for seat reservations',
    author: jonas,
    date: at('2026-01-26'),
    files: {
      'src/test/java/dev/finishline/ticketing/SeatMapTest.java':
        'package dev.finishline.ticketing;\n\nimport static org.junit.jupiter.api.Assertions.*;\n\nimport org.junit.jupiter.api.Test;\n\nclass SeatMapTest {\n  @Test\n  void aSeatSellsOnce() {\n    SeatMap map = new SeatMap();\n    assertTrue(map.reserve("A1"));\n    assertFalse(map.reserve("A1"));\n  }\n}\n',
    },
  },
];
