<?php
// Runs Moodle's own question importers and numerical question type (vendor/, Moodle 4.5.6,
// unmodified) on quiz files, outside Moodle. Our code, not Moodle's: it stubs only the framework
// plumbing those files call (get_string, get_config, $CFG, $OUTPUT, $DB as an in-memory table
// store, question_bank, clean_param, s(), the question_type base class cut down to what the
// numerical type uses, …), then for each file:
//   1. imports it as Moodle's question bank import does: qformat_gift or qformat_xml, readdata
//      on the file then readquestions (the parse errors each format reports are counted);
//   2. saves each numerical question as the import does (qtype_numerical::save_question_options,
//      into the in-memory tables), loads it back (get_question_options) and makes the question
//      a quiz attempt uses (make_question: qtype_numerical_question with its answer processor);
//   3. grades each response asked for as a quiz does when the attempt is finished
//      (grade_response: apply_units, the first answer within tolerance, the unit penalty), and
//      gives the feedback the renderer shows (the matching answer's feedback).
//
// Input on stdin, JSON: {"files": [{"format": "gift" | "xml", "text": "…",
//   "responses": {"QUESTION NAME": ["0.6667", "13/60", …]}}]}
// Output on stdout, JSON: {"files": [{"errors": N, "output": "what the importer printed",
//   "notices": ["PHP warnings, debugging() and notifications"], "categories": ["…"],
//   "questions": [{"qtype", "name", "questiontext", "questiontextformat", "generalfeedback",
//     "generalfeedbackformat", "saved": "save_question_options' notice, if any",
//     "answers": [{"answer", "fraction", "tolerance", "feedback", "feedbackformat",
//       "interval": [min, max] | null}],
//     "grades": [{"response", "value", "unit", "gradable", "complete", "validation",
//       "fraction", "state", "answer": index of the matching answer | null, "feedback"}]}]}]}
//
// Run: php tests/moodle/harness.php < input.json (tests/js/moodle-import.test.mjs does).

define('MOODLE_INTERNAL', true);
define('FORMAT_MOODLE', 0);
define('FORMAT_HTML', 1);
define('FORMAT_PLAIN', 2);
define('FORMAT_WIKI', 3);
define('FORMAT_MARKDOWN', 4);
define('PARAM_TEXT', 'text');
define('PARAM_FILE', 'file');
define('PARAM_RAW_TRIMMED', 'raw_trimmed');
define('DEBUG_DEVELOPER', 32767);
define('MEMORY_EXTRA', -2);

error_reporting(E_ALL);
ini_set('display_errors', '0');
// PHP's default, as on a Moodle server: qtype_numerical_answer::get_tolerance_interval widens each
// interval by 10^-precision (MDL-3225), so a php.ini with another precision grades differently.
ini_set('precision', '14');

/** Everything worth a look that is not an import error: PHP warnings, debugging(), notifications. */
$NOTICES = [];
set_error_handler(function ($severity, $message, $file, $line) {
    global $NOTICES;
    $NOTICES[] = "PHP: {$message} at " . basename($file) . ":{$line}";
    return true;
});

$CFG = new stdClass();
$CFG->dirroot = __DIR__ . '/vendor';
// lib/questionlib.php would load the whole question engine: stubs/lib stands in for lib/.
$CFG->libdir = __DIR__ . '/stubs/lib';

// --- Moodle's framework, the little the vendored files call ------------------------------------

class moodle_exception extends Exception {
    public function __construct($errorcode, $module = '', $link = '', $a = null, $debuginfo = null) {
        parent::__construct($errorcode . ($debuginfo ? ": {$debuginfo}" : ''));
    }
}

class coding_exception extends moodle_exception {
    public function __construct($hint, $debuginfo = null) {
        parent::__construct('codingerror', 'debug', '', $hint, $hint . ($debuginfo ? " {$debuginfo}" : ''));
    }
}

/** A string of a language pack: the two langconfig ones numbers need, else its identifier. */
function get_string($identifier, $component = '', $a = null) {
    $strings = ['langconfig' => ['decsep' => '.', 'thousandssep' => ',']];
    if (isset($strings[$component][$identifier])) {
        return $strings[$component][$identifier];
    }
    return '[' . $identifier . ($component ? ", {$component}" : '') . ']';
}

function get_config($plugin, $name = null) {
    $config = ['quiz' => ['shuffleanswers' => 1], 'qtype_multichoice' => ['answernumbering' => 'abc']];
    return $config[$plugin][$name] ?? false;
}

function debugging($message = '', $level = 0) {
    global $NOTICES;
    $NOTICES[] = "debugging: {$message}";
    return true;
}

/** Moodle's s(): text for HTML. */
function s($var) {
    return htmlspecialchars((string) $var, ENT_QUOTES | ENT_HTML401 | ENT_SUBSTITUTE);
}

/** clean_param as the importers call it: PARAM_TEXT keeps no tags (there is no multilang here). */
function clean_param($param, $type) {
    if ($type === PARAM_TEXT) {
        return strip_tags((string) $param);
    }
    if ($type === PARAM_FILE) {
        return preg_replace('~[[:cntrl:]]|[&<>"`\|\':\\\\/]~u', '', (string) $param);
    }
    return $param;
}

function shorten_text($text, $ideal = 30) {
    $plain = strip_tags((string) $text);
    return mb_strlen($plain) > $ideal ? mb_substr($plain, 0, $ideal - 3) . '...' : $plain;
}

function html_is_blank($string) {
    return trim(strip_tags((string) $string, '<img><object><applet><input><select><textarea><hr>')) == '';
}

function make_unique_id_code() {
    return 'harness';
}

class core_text {
    const UTF8_BOM = "\xef\xbb\xbf";
    public static function trim_utf8_bom($str) {
        return strpos((string) $str, self::UTF8_BOM) === 0 ? substr($str, 3) : $str;
    }
    public static function strlen($text) {
        return mb_strlen((string) $text, 'UTF-8');
    }
    public static function entities_to_utf8($str, $htmlent = true) {
        $result = preg_replace_callback('/&#x([0-9a-f]+);/i', fn ($m) => mb_chr(hexdec($m[1]), 'UTF-8'), $str);
        return preg_replace_callback('/&#([0-9]+);/', fn ($m) => mb_chr((int) $m[1], 'UTF-8'), $result);
    }
}

class core_tag_tag {
    public static function is_enabled($component, $itemtype) {
        return false;
    }
}

class harness_output {
    public function notification($message, $type = '') {
        global $NOTICES;
        $NOTICES[] = "notification: " . strip_tags($message);
        return '';
    }
}
$OUTPUT = new harness_output();

class harness_file_storage {
    public function delete_area_files() {
        return true;
    }
}
function get_file_storage() {
    return new harness_file_storage();
}

/**
 * $DB: tables in memory. Every value is stored as text, as a database gives it back (Moodle's
 * fraction column is NUMBER(12,7): '1.0000000'); ids count up across all tables.
 */
class harness_database {
    private $tables = [];
    private $nextid = 1;

    private static function row($record) {
        $row = new stdClass();
        foreach ((array) $record as $field => $value) {
            $row->$field = is_null($value) ? null : (is_bool($value) ? (string) (int) $value : (string) $value);
        }
        if (isset($row->fraction) && is_numeric($row->fraction)) {
            $row->fraction = number_format((float) $row->fraction, 7, '.', '');
        }
        return $row;
    }

    private static function matches($row, $conditions) {
        foreach ($conditions as $field => $value) {
            if (!isset($row->$field) || (string) $row->$field !== (string) $value) {
                return false;
            }
        }
        return true;
    }

    public function insert_record($table, $record) {
        $row = self::row($record);
        $row->id = (string) $this->nextid++;
        $this->tables[$table][$row->id] = $row;
        return (int) $row->id;
    }

    public function update_record($table, $record) {
        $row = self::row($record);
        $this->tables[$table][$row->id] = (object) array_merge((array) ($this->tables[$table][$row->id] ?? []), (array) $row);
        return true;
    }

    public function get_records($table, $conditions = [], $sort = '') {
        $rows = array_filter($this->tables[$table] ?? [], fn ($row) => self::matches($row, $conditions));
        if (preg_match('/^(\w+)/', $sort, $by)) {
            uasort($rows, fn ($a, $b) => (float) $a->{$by[1]} <=> (float) $b->{$by[1]});
        }
        $copies = [];
        foreach ($rows as $id => $row) {
            $copies[$id] = clone $row;
        }
        return $copies;
    }

    public function get_record($table, $conditions) {
        $rows = $this->get_records($table, $conditions);
        return $rows ? reset($rows) : false;
    }

    public function delete_records($table, $conditions = []) {
        foreach ($this->get_records($table, $conditions) as $id => $row) {
            unset($this->tables[$table][$id]);
        }
        return true;
    }

    public function record_exists($table, $conditions) {
        return (bool) $this->get_records($table, $conditions);
    }

    /** The one query the numerical type makes: its answers with their tolerance, by id. */
    public function get_records_sql($sql, $params = []) {
        if (!preg_match('~FROM \{question_answers\} a\s+LEFT JOIN \{question_numerical\} n ON a\.id = n\.answer~', $sql)) {
            throw new coding_exception('harness: a query it does not know: ' . $sql);
        }
        $answers = $this->get_records('question_answers', ['question' => $params[0]], 'id ASC');
        foreach ($answers as $answer) {
            $numerical = $this->get_record('question_numerical', ['answer' => $answer->id]);
            $answer->tolerance = $numerical && $numerical->tolerance !== null ? $numerical->tolerance : '0';
        }
        return $answers;
    }
}
$DB = new harness_database();

class question_bank {
    private static $qtypes = [];
    public static function get_qtype($name, $mustexist = true) {
        if (!isset(self::$qtypes[$name])) {
            $class = 'qtype_' . $name;
            if (!class_exists($class)) {
                if ($mustexist) {
                    throw new coding_exception("harness: no question type {$name}");
                }
                return null;
            }
            self::$qtypes[$name] = new $class();
        }
        return self::$qtypes[$name];
    }
    /** No plugin question types: the importers' own code reads every question. */
    public static function get_all_qtypes() {
        return [];
    }
    public static function load_question_definition_classes($qtypename) {
    }
}

/**
 * Moodle's question_type (question/type/questiontypebase.php), cut down to what
 * qtype_numerical calls, each method doing what Moodle's does for a question with no files,
 * hints or extra fields.
 */
class question_type {
    public function name() {
        return substr(get_class($this), 6);
    }
    public function extra_question_fields() {
        return null;
    }
    public function save_hints($formdata, $withparts = false) {
    }
    protected function import_or_save_files($field, $context, $component, $filearea, $itemid) {
        return trim($field['text']);
    }
    public function get_question_options($question) {
        global $DB;
        if (!isset($question->options)) {
            $question->options = new stdClass();
        }
        $question->options->answers = array_map(function ($answer) {
            $answer->fraction = (float) $answer->fraction;
            return $answer;
        }, $DB->get_records('question_answers', ['question' => $question->id], 'id ASC'));
        $question->hints = $DB->get_records('question_hints', ['questionid' => $question->id], 'id ASC');
        return true;
    }
    public function make_question($questiondata) {
        $class = 'qtype_' . $this->name() . '_question';
        $question = new $class();
        $this->initialise_question_instance($question, $questiondata);
        return $question;
    }
    protected function initialise_question_instance(question_definition $question, $questiondata) {
        foreach (['id', 'category', 'contextid', 'parent', 'name', 'questiontext', 'questiontextformat',
                'generalfeedback', 'generalfeedbackformat', 'length', 'penalty', 'stamp'] as $field) {
            $question->$field = $questiondata->$field ?? null;
        }
        $question->qtype = $this;
        $question->defaultmark = $questiondata->defaultmark + 0;
    }
}

// --- Moodle's code ---------------------------------------------------------------------------

require_once($CFG->dirroot . '/question/classes/local/bank/question_version_status.php');
require_once($CFG->dirroot . '/question/engine/states.php');
require_once($CFG->dirroot . '/question/type/numerical/questiontype.php'); // Brings question.php, questionbase.php.
require_once($CFG->dirroot . '/question/format.php');
require_once($CFG->dirroot . '/question/format/gift/format.php');
require_once($CFG->dirroot . '/question/format/xml/format.php');

/** The importers' protected steps, called in the order qformat_default::importprocess calls them. */
trait harness_import {
    public function import_file($filename) {
        $lines = $this->readdata($filename);
        return $lines ? $this->readquestions($lines) : false;
    }
}
class harness_gift extends qformat_gift {
    use harness_import;
}
class harness_xml extends qformat_xml {
    use harness_import;
}

// --- The run ---------------------------------------------------------------------------------

/** Saves an imported question as the import does, loads it back and makes it. */
function harness_make_question($imported) {
    global $DB;
    $imported->context = null;
    $imported->category = 1;
    $imported->id = $DB->insert_record('question', (object) ['name' => $imported->name]);
    $qtype = question_bank::get_qtype($imported->qtype);
    $saved = $qtype->save_question_options($imported);

    $questiondata = (object) [
        'id' => $imported->id, 'category' => 1, 'contextid' => 1, 'parent' => 0, 'qtype' => $imported->qtype,
        'name' => $imported->name, 'questiontext' => $imported->questiontext,
        'questiontextformat' => $imported->questiontextformat, 'generalfeedback' => $imported->generalfeedback,
        'generalfeedbackformat' => $imported->generalfeedbackformat, 'defaultmark' => $imported->defaultmark,
        'length' => $imported->length, 'penalty' => $imported->penalty, 'stamp' => 'harness',
    ];
    $qtype->get_question_options($questiondata);
    return [$qtype->make_question($questiondata), is_object($saved) ? ($saved->notice ?? $saved->error ?? '') : ''];
}

/** A response graded as a finished quiz attempt grades it, with the feedback shown. */
function harness_grade($question, $response) {
    $data = ['answer' => trim($response)]; // PARAM_RAW_TRIMMED.
    [$value, $unit, $multiplier] = $question->ap->apply_units($data['answer']);
    $gradable = $question->is_gradable_response($data);
    $grade = ['response' => $response, 'value' => $value, 'unit' => $unit, 'gradable' => $gradable,
        'complete' => $question->is_complete_response($data), 'validation' => $question->get_validation_error($data),
        'fraction' => null, 'state' => 'gaveup', 'answer' => null, 'feedback' => ''];
    if ($gradable) {
        [$fraction, $state] = $question->grade_response($data);
        $grade['fraction'] = $fraction;
        $grade['state'] = get_class($state);
        $answer = $question->get_matching_answer($value, $multiplier);
        if ($answer) {
            $grade['answer'] = array_search($answer->id, array_keys($question->answers));
            $grade['feedback'] = $answer->feedback;
        }
    }
    return $grade;
}

function harness_run_file($file) {
    global $NOTICES;
    $NOTICES = [];
    $format = $file['format'] === 'gift' ? new harness_gift() : new harness_xml();
    $path = tempnam(sys_get_temp_dir(), 'irm-moodle-');
    file_put_contents($path, $file['text']);
    ob_start();
    try {
        $imported = $format->import_file($path);
    } catch (Throwable $e) {
        $imported = false;
        $format->importerrors++;
        $NOTICES[] = 'exception: ' . $e->getMessage();
    }
    $output = ob_get_clean();
    unlink($path);

    $result = ['errors' => $format->importerrors, 'output' => $output, 'notices' => [], 'categories' => [], 'questions' => []];
    foreach ($imported ?: [] as $question) {
        if ($question->qtype === 'category') {
            $result['categories'][] = $question->category;
            continue;
        }
        $out = ['qtype' => $question->qtype, 'name' => $question->name, 'questiontext' => $question->questiontext,
            'questiontextformat' => $question->questiontextformat, 'generalfeedback' => $question->generalfeedback,
            'generalfeedbackformat' => $question->generalfeedbackformat, 'saved' => '', 'answers' => [], 'grades' => []];
        if ($question->qtype === 'numerical') {
            [$made, $out['saved']] = harness_make_question($question);
            foreach ($made->answers as $answer) {
                $out['answers'][] = ['answer' => $answer->answer, 'fraction' => (float) $answer->fraction,
                    'tolerance' => $answer->tolerance, 'feedback' => $answer->feedback,
                    'feedbackformat' => (int) $answer->feedbackformat,
                    'interval' => $answer->answer === '*' ? null : $answer->get_tolerance_interval()];
            }
            foreach ($file['responses'][$question->name] ?? [] as $response) {
                $out['grades'][] = harness_grade($made, $response);
            }
        }
        $result['questions'][] = $out;
    }
    $result['notices'] = $NOTICES;
    return $result;
}

$input = json_decode(stream_get_contents(STDIN), true);
if (!is_array($input) || !isset($input['files']) || !is_array($input['files'])) {
    fwrite(STDERR, "harness: expected JSON {\"files\": [{\"format\": \"gift\"|\"xml\", \"text\": …}]} on stdin\n");
    exit(2);
}
$files = array_map('harness_run_file', $input['files']);
echo json_encode(['files' => $files], JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_INVALID_UTF8_SUBSTITUTE), "\n";
