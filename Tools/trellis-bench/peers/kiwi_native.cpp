// The native Kiwi peer for trellis-bench: the constraint workloads run on Kiwi's C++ library
// directly, without Python's per-call overhead.
//
// Built by scripts/bench-venv.sh against the headers of the pinned kiwisolver source
// distribution (kiwi/*.h); never part of Trellis itself. It reads one workload from standard
// input as whitespace-separated tokens (written by ConstraintBenchmarks.swift):
//
//   solve|resize
//   VARIABLES COPIES COUNT
//   COUNT times: RELATION PRIORITY CONSTANT TERMS (INDEX COEFFICIENT){TERMS}
//     (RELATION is <=, >= or ==; the row is sum(coefficient * variable) + constant RELATION 0;
//      PRIORITY is UIKit's, 1000 required)
//   solve:  LIMIT RUNS BUDGET
//   resize: WIDTH HEIGHT EDIT_PRIORITY LOOPS RUNS SIZES (W H){SIZES}
//
// and prints one JSON object: {"seconds": best} for solve (adding every constraint to a fresh
// solver and one updateVariables, best of RUNS while the total stays under BUDGET seconds), or
// {"timeout": true, "limit": LIMIT} when a run exceeds LIMIT seconds; {"seconds_per_resize": best}
// for resize (two suggestValue calls and one updateVariables per size). Building the variables
// and constraint objects is not timed, as on the Trellis side.

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include <kiwi/kiwi.h>

namespace {

struct Row {
    std::vector<std::pair<int, double>> terms;
    double constant = 0;
    kiwi::RelationalOperator relation = kiwi::OP_EQ;
    double priority = 1000;
};

struct System {
    int variables = 0;
    int copies = 1;
    std::vector<Row> rows;
};

[[noreturn]] void fail(const std::string &message) {
    std::printf("{\"error\": \"%s\"}\n", message.c_str());
    std::fflush(stdout);
    std::_Exit(1);
}

template <typename T> T next(std::istream &in, const char *what) {
    T value;
    if (!(in >> value)) fail(std::string("malformed input: expected ") + what);
    return value;
}

// The same mapping as kiwi_common.py: required stays required; an optional UIKit priority maps
// onto Kiwi's scale so that 750 is strong, 500 medium and 250 weak, scaled in between.
double strength(double priority) {
    if (priority >= 1000) return kiwi::strength::required;
    if (priority >= 750) return kiwi::strength::strong * priority / 750;
    if (priority >= 500) return kiwi::strength::medium * priority / 500;
    return kiwi::strength::weak * priority / 250;
}

System readSystem(std::istream &in) {
    System system;
    system.variables = next<int>(in, "the variable count");
    system.copies = next<int>(in, "the copy count");
    int count = next<int>(in, "the constraint count");
    if (system.variables < 0 || system.copies < 1 || count < 0) fail("malformed input: counts");
    system.rows.resize(count);
    for (Row &row : system.rows) {
        std::string relation = next<std::string>(in, "a relation");
        if (relation == "<=") row.relation = kiwi::OP_LE;
        else if (relation == ">=") row.relation = kiwi::OP_GE;
        else if (relation == "==") row.relation = kiwi::OP_EQ;
        else fail("malformed input: unknown relation " + relation);
        row.priority = next<double>(in, "a priority");
        row.constant = next<double>(in, "a constant");
        int terms = next<int>(in, "a term count");
        for (int t = 0; t < terms; ++t) {
            int index = next<int>(in, "a variable index");
            double coefficient = next<double>(in, "a coefficient");
            if (index < 0 || index >= system.variables) fail("malformed input: variable index");
            row.terms.emplace_back(index, coefficient);
        }
    }
    return system;
}

// Every copy's variables and constraints, built but not added to a solver.
void build(const System &system, std::vector<kiwi::Variable> &variables,
           std::vector<kiwi::Constraint> &constraints) {
    variables.clear();
    constraints.clear();
    variables.reserve(static_cast<size_t>(system.variables) * system.copies);
    for (int i = 0; i < system.variables * system.copies; ++i) variables.emplace_back();
    constraints.reserve(system.rows.size() * system.copies);
    for (int copy = 0; copy < system.copies; ++copy) {
        const int offset = copy * system.variables;
        for (const Row &row : system.rows) {
            std::vector<kiwi::Term> terms;
            terms.reserve(row.terms.size());
            for (const auto &[index, coefficient] : row.terms)
                terms.emplace_back(variables[offset + index], coefficient);
            constraints.emplace_back(kiwi::Expression(std::move(terms), row.constant),
                                     row.relation, strength(row.priority));
        }
    }
}

double seconds(std::chrono::steady_clock::time_point since) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

void solve(const System &system, std::istream &in) {
    const double limit = next<double>(in, "the time limit");
    const int runs = next<int>(in, "the run count");
    const double budget = next<double>(in, "the budget");
    double best = -1;
    double total = 0;
    for (int run = 0; run < runs; ++run) {
        std::vector<kiwi::Variable> variables;
        std::vector<kiwi::Constraint> constraints;
        build(system, variables, constraints);
        auto *solver = new kiwi::Solver();
        const auto start = std::chrono::steady_clock::now();
        for (size_t i = 0; i < constraints.size(); ++i) {
            solver->addConstraint(constraints[i]);
            // Reading the clock every 64 constraints keeps its cost out of the timing.
            if ((i & 63) == 63 && seconds(start) > limit) {
                std::printf("{\"timeout\": true, \"limit\": %g}\n", limit);
                std::fflush(stdout);
                std::_Exit(0);  // Tearing down a huge tableau is not worth waiting for.
            }
        }
        solver->updateVariables();
        const double elapsed = seconds(start);
        if (elapsed > limit) {
            std::printf("{\"timeout\": true, \"limit\": %g}\n", limit);
            std::fflush(stdout);
            std::_Exit(0);
        }
        delete solver;
        best = best < 0 ? elapsed : std::min(best, elapsed);
        total += elapsed;
        if (total > budget) break;
    }
    std::printf("{\"seconds\": %.9g, \"version\": \"%s\"}\n", best, KIWI_VERSION);
}

void resize(const System &system, std::istream &in) {
    const int width = next<int>(in, "the width variable");
    const int height = next<int>(in, "the height variable");
    const double editPriority = next<double>(in, "the edit priority");
    const int loops = next<int>(in, "the loop count");
    const int runs = next<int>(in, "the run count");
    const int count = next<int>(in, "the size count");
    if (width < 0 || width >= system.variables || height < 0 || height >= system.variables)
        fail("malformed input: edit variable index");
    std::vector<std::pair<double, double>> sizes(count);
    for (auto &[w, h] : sizes) {
        w = next<double>(in, "a width");
        h = next<double>(in, "a height");
    }
    std::vector<kiwi::Variable> variables;
    std::vector<kiwi::Constraint> constraints;
    build(system, variables, constraints);
    kiwi::Solver solver;
    solver.addEditVariable(variables[width], strength(editPriority));
    solver.addEditVariable(variables[height], strength(editPriority));
    for (const auto &constraint : constraints) solver.addConstraint(constraint);
    solver.updateVariables();
    double best = -1;
    double checksum = 0;
    for (int run = 0; run < runs; ++run) {
        const auto start = std::chrono::steady_clock::now();
        for (int loop = 0; loop < loops; ++loop) {
            for (const auto &[w, h] : sizes) {
                solver.suggestValue(variables[width], w);
                solver.suggestValue(variables[height], h);
                solver.updateVariables();
            }
        }
        const double elapsed = seconds(start) / (static_cast<double>(loops) * sizes.size());
        best = best < 0 ? elapsed : std::min(best, elapsed);
        checksum += variables[width].value();
    }
    std::printf("{\"seconds_per_resize\": %.9g, \"constraints\": %zu, \"width\": %.9g, "
                "\"version\": \"%s\"}\n",
                best, constraints.size() + 2, checksum / runs, KIWI_VERSION);
}

}  // namespace

int main() {
    std::ios::sync_with_stdio(false);
    try {
        const std::string mode = next<std::string>(std::cin, "the mode");
        const System system = readSystem(std::cin);
        if (mode == "solve") solve(system, std::cin);
        else if (mode == "resize") resize(system, std::cin);
        else fail("unknown mode " + mode);
    } catch (const std::exception &error) {
        fail(std::string("kiwi: ") + error.what());
    }
    return 0;
}
