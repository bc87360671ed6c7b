(* SPDX-License-Identifier: BSD-2-Clause *)
(* The coverage report of an analysis: after Eva, one line for every function the
   analysed code defines (as the machine's preprocessor left it),
     [prove:defined] <file> <name>
   and one more for every function Eva reached,
     [prove:cover] <file> <name> <name in the analysis> <statements reached> <statements>
   where <file> is the file the function is defined in and <name> its name there (a
   static function of a name another file uses too is renamed by the analysis, as
   check_0: the original name and the file tell the two apart). scripts/prove
   compiles it into a plug-in module (ocamlopt -shared), loads it into every
   analysis with -load-module, and reads these lines for its table (the statements
   of src/ reached) and its coverage check (every function of src/, by file and
   name, reached by some driver; a function of an analysed file that no analysis of
   a machine defines is not compiled for that machine, as arm64's register-file
   operations elsewhere). *)

open Cil_types

let printed = ref false

let report () =
  if not !printed && Db.Value.is_computed () then begin
    printed := true;
    Globals.Functions.iter (fun kf ->
        if Kernel_function.is_definition kf then begin
          let vi = Kernel_function.get_vi kf in
          let pos = fst (Kernel_function.get_location kf) in
          let file = Filepath.Normalized.to_pretty_string pos.Filepath.pos_path in
          Format.printf "[prove:defined] %s %s@." file vi.vorig_name;
          if !Db.Value.is_called kf then begin
            let stmts = (Kernel_function.get_definition kf).sallstmts in
            let reached = List.filter Db.Value.is_reachable_stmt stmts in
            Format.printf "[prove:cover] %s %s %s %d %d@." file vi.vorig_name vi.vname
              (List.length reached) (List.length stmts)
          end
        end)
  end

(* Runs after Eva (a plug-in module is loaded after the plug-ins), once. *)
let () = Db.Main.extend report
