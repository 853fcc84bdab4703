// Real-looking source files of each language the symbol tests read (one per language family).

/** A TypeScript file with a symbol of each kind the walker reads. */
export const TYPESCRIPT_SOURCE = `import { readFile } from "node:fs/promises";

/** Adds. */
export function add(a: number, b: number): number {
  return a + b;
}

export const handler = async () => readFile("x");
const config = { port: 8080, "db-host": "db", nested: { deep: true }, run() {} } as const;

export interface Options {
  name: string;
  limits: { max: number };
  go(): void;
}

export type Pair = { left: string; right: string };
type Id = string | number;
enum Color { Red, Green = 2 }

export default class Store<T> extends Base {
  private items: T[] = [];
  static count = 0;
  constructor() {
    super();
  }
  get size() { return this.items.length; }
  set size(n) {}
  put(item: string): void;
  put(item: number): void;
  put(item: unknown) {}
}

namespace Tools {
  export function inner() {}
}
declare function ambient(): void;
function over(a: string): void;
function over(a: number): void;
function over(a: unknown) {}
let first = 1, second = 2;
function twice() { return 1; }
const between = 0;
function twice() { return 2; }
`;

/** A Python file with a symbol of each kind the walker reads. */
export const PYTHON_SOURCE = `"""Billing."""
import os

RATE = 0.2
LIMIT: int = 10
SETTINGS = {"timeout": 3, "retry": {"times": 2}, f"x{RATE}": 1, 4: "four"}
low, high = 1, 2
type Money = int


@cache
def total(items):
    # sum of the items
    return sum(i.price for i in items) * (1 + RATE)


class Invoice(Base):
    currency = "EUR"
    lines: list

    def __init__(self, lines):
        self.lines = lines

    @property
    def amount(self):
        return total(self.lines)

    @amount.setter
    def amount(self, value):
        raise AttributeError("read only")

    class Meta:
        def describe(self):
            return "invoice"


async def fetch():
    pass
`;

/** A Go file with a symbol of each kind the walker reads. */
export const GO_SOURCE = `package shop

import (
	"fmt"
)

// Pi is a constant.
const Pi = 3.14

const (
	Small = iota
	Large
)

var count, total int = 0, 0

var Defaults = &Cart{Owner: "shop", Note: fmt.Sprint(Large)}

type Cart struct {
	Items []Item
	Owner, Note string
}

type Pricer interface {
	Price() int
}

type ID = string

func (c *Cart) Add(it Item) {
	c.Items = append(c.Items, it)
}

func New() *Cart {
	return &Cart{}
}

func (b Box[T]) Get() T { return b.v }

func (c Cart) String() string {
	return fmt.Sprintf("%d items", len(c.Items))
}
`;

/** A Java file with a symbol of each kind the walker reads. */
export const JAVA_SOURCE = `package shop;

import java.util.List;

/** A shop. */
@Entity
public class Shop<T> extends Base implements Named {
    private static final int MAX = 3, MIN = 1;

    public Shop() {}

    @Override
    public String name() { return "shop"; }

    void add(int count) { total += count; }
    void add(String label) { labels.add(label); }

    static class Inner { int depth; }

    enum Kind { SMALL, LARGE; boolean big() { return this == LARGE; } }

    record Pair(int left, int right) {
        Pair {}
        static int zero() { return 0; }
    }

    interface Listener { void changed(); int DELAY = 5; }

    public String name(String prefix) { return prefix + name(); }
}

@interface Audit { String value() default ""; }
`;

/** A Rust file with a symbol of each kind the walker reads. */
export const RUST_SOURCE = `use std::fmt;

/// A point.
#[derive(Debug, Clone)]
pub struct Point {
    pub x: i32,
    y: i32,
}

pub enum Shape {
    Circle(f64),
    Square { side: f64 },
}

pub trait Area {
    fn area(&self) -> f64;
    fn unit() -> f64 { 1.0 }
}

impl Point {
    pub fn new(x: i32, y: i32) -> Self {
        Point { x, y }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

impl<T> Area for Wrapper<T> {
    fn area(&self) -> f64 { 0.0 }
}

pub const MAX: u32 = 10;
const ORIGIN: Point = Point { x: 0, y: MAX as i32 };
static NAME: &str = r#"the "name""#;
type Pair = (Point, Point);

mod geometry {
    pub fn origin() -> super::Point { super::Point::new(0, 0) }
}

macro_rules! square { ($x:expr) => { $x * $x }; }

fn main() {}
`;
