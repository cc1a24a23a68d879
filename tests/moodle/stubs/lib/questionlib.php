<?php
// Not Moodle's code: the vendored question/type/numerical/questiontype.php requires
// $CFG->libdir/questionlib.php, Moodle's question library, which brings in the whole question
// engine. The harness (../../harness.php) points $CFG->libdir at this directory and defines
// beforehand the little of it the numerical question type uses (the question_type base class,
// cut down), so there is nothing left to load here.
